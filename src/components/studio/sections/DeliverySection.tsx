/**
 * Section 3, Content Delivery (spec sections 2 and 5): required and highlighted until a
 * method is chosen; file inputs for file and multiple, the link for link and multiple (with
 * the live URL check), the text for text and multiple; download instructions and formats;
 * whether each purchase gets a licence key (functions/licenses, docs/decisions/026); the
 * version and its release notes (a new version of a published product notifies its owners,
 * docs/decisions/030).
 */
import { memo } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { DELIVERY_TYPE_CHOICES, DELIVERY_TYPES } from '@/src/shared/domain';
import { checkDemoUrl } from '@/src/shared/quality-score';
import { clearOnEdit } from '@/src/components/ui/form-state';
import { FormField } from '@/src/components/ui/FormField';
import { DeliverableFiles } from '../DeliverableFiles';
import { deliveryInputs } from '../editor-state';
import { EditorSection } from '../EditorSection';
import { STUDIO_FIELD_STYLES, StudioField } from '../StudioField';
import { textField, useUrlCheck } from '../use-product-form';
import { fieldId, useSectionForm, type SectionProps } from './section-props';

interface Props extends SectionProps {
  onBusyChange(busy: boolean): void;
}

const DELIVERY_OPTIONS = DELIVERY_TYPES.map((value) => ({ value, ...DELIVERY_TYPE_CHOICES[value] }));

const NAMES = [
  'content_delivery_type',
  'file_urls',
  'download_url',
  'content_text',
  'download_instructions',
  'issues_license_keys',
  'version',
  'release_notes',
] as const;

/** The licence key switch: the box before its label. */
const CHECKBOX_STYLES = { ...STUDIO_FIELD_STYLES, controlFirst: 'st-check-row' };

export const DeliverySection = memo(function DeliverySection({ collapsible, open, onToggle, onBusyChange }: Props) {
  const { form, err } = useSectionForm(NAMES);
  const method = useWatch({ control: form.control, name: 'content_delivery_type' });
  const files = useController({ control: form.control, name: 'file_urls' });
  const downloadCheck = useUrlCheck(form, 'download_url', checkDemoUrl);
  const show = deliveryInputs(method);
  const methodError = err('content_delivery_type');
  const methodErrorId = `${fieldId('content_delivery_type')}-error`;
  return (
    <EditorSection
      id="delivery"
      collapsible={collapsible}
      open={open}
      onToggle={onToggle}
      required
      complete={Boolean(method)}
      attention={method ? null : 'Choose a delivery method: it is required.'}
    >
      <fieldset
        className="st-fieldset"
        data-field="content_delivery_type"
        id={fieldId('content_delivery_type')}
        aria-describedby={methodError ? methodErrorId : undefined}
      >
        <legend className="st-label">
          Delivery method{' '}
          <span className="st-req" aria-hidden="true">
            *
          </span>
        </legend>
        <div className="st-choices">
          {DELIVERY_OPTIONS.map((o) => (
            <label key={o.value} className={`st-choice${method === o.value ? ' is-selected' : ''}`}>
              <input type="radio" value={o.value} aria-invalid={methodError ? true : undefined} {...textField(form, 'content_delivery_type')} />
              <span className="st-choice-title">{o.title}</span>
              <span className="st-choice-text">{o.text}</span>
            </label>
          ))}
        </div>
        {methodError && (
          <p className="st-error" id={methodErrorId}>
            {methodError}
          </p>
        )}
      </fieldset>
      {show.files && (
        <div data-field="file_urls">
          <DeliverableFiles
            files={files.field.value}
            onChange={(next) => {
              files.field.onChange(next);
              clearOnEdit(form, 'file_urls');
            }}
            onBusyChange={onBusyChange}
            error={err('file_urls')}
          />
        </div>
      )}
      {show.link && (
        <StudioField
          label="Access link"
          id={fieldId('download_url')}
          error={err('download_url')}
          status={downloadCheck}
          hint="Where buyers download or open your product."
        >
          {(control) => (
            <input
              {...control}
              data-field="download_url"
              className="st-input"
              type="url"
              inputMode="url"
              placeholder="https://"
              {...textField(form, 'download_url')}
            />
          )}
        </StudioField>
      )}
      {show.text && (
        <StudioField
          label="Text content"
          id={fieldId('content_text')}
          error={err('content_text')}
          hint="Shown to buyers right after they get the product: a prompt, setup steps, a license key."
        >
          {(control) => <textarea {...control} data-field="content_text" className="st-input st-textarea" rows={6} {...textField(form, 'content_text')} />}
        </StudioField>
      )}
      <StudioField
        label="Download instructions"
        id={fieldId('download_instructions')}
        optional
        error={err('download_instructions')}
        hint="Anything buyers should do first: import steps, credentials to prepare."
      >
        {(control) => (
          <textarea {...control} data-field="download_instructions" className="st-input st-textarea" rows={3} {...textField(form, 'download_instructions')} />
        )}
      </StudioField>
      <FormField
        id={fieldId('issues_license_keys')}
        styles={CHECKBOX_STYLES}
        label="Issue a license key with each purchase"
        error={err('issues_license_keys')}
        hint="For software, apps and models: every buyer gets a unique key in their library and receipt, and your code checks it with POST /api/v1/licenses/verify. Free products give one key per buyer, on their first download."
      >
        {(control) => <input {...control} data-field="issues_license_keys" type="checkbox" {...textField(form, 'issues_license_keys')} />}
      </FormField>
      <StudioField
        label="Version"
        id={fieldId('version')}
        optional
        error={err('version')}
        hint="Like 1.0 or 2.1.3. Publishing a new version tells everyone who bought or downloaded this product, and shows your notes under 'What's new'."
      >
        {(control) => <input {...control} data-field="version" className="st-input" placeholder="1.0" maxLength={32} {...textField(form, 'version')} />}
      </StudioField>
      <StudioField label="Release notes" id={fieldId('release_notes')} optional error={err('release_notes')} hint="What changed in this version.">
        {(control) => <textarea {...control} data-field="release_notes" className="st-input st-textarea" rows={3} {...textField(form, 'release_notes')} />}
      </StudioField>
      <p className="st-formats">
        Formats: ZIP, RAR, PDF, DOC, TXT, JSON, XML, CSV · Images: JPG, PNG, WebP. <strong>Tip:</strong> test delivery before publishing.
      </p>
    </EditorSection>
  );
});
