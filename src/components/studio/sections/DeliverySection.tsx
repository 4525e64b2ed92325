/**
 * Section 3, Content Delivery (spec sections 2 and 5): required and highlighted until a
 * method is chosen; file inputs for file and multiple, the link for link and multiple (with
 * the live URL check), the text for text and multiple; download instructions and formats.
 */
import { memo } from 'react';
import { useWatch } from 'react-hook-form';
import { DELIVERY_TYPE_CHOICES, DELIVERY_TYPES } from '@/src/shared/domain';
import { checkDemoUrl } from '@/src/shared/quality-score';
import { DeliverableFiles } from '../DeliverableFiles';
import { deliveryInputs } from '../editor-state';
import { EditorSection } from '../EditorSection';
import { StudioInput, StudioTextarea } from '../StudioInputs';
import { textField, useUrlCheck } from '../use-product-form';
import { fieldId, useSectionForm, useWholeField, type SectionProps } from './section-props';

interface Props extends SectionProps {
  onBusyChange(busy: boolean): void;
}

const DELIVERY_OPTIONS = DELIVERY_TYPES.map((value) => ({ value, ...DELIVERY_TYPE_CHOICES[value] }));

const NAMES = ['content_delivery_type', 'file_urls', 'download_url', 'content_text', 'download_instructions'] as const;

export const DeliverySection = memo(function DeliverySection({ onBusyChange, ...section }: Props) {
  const { form, err } = useSectionForm(NAMES);
  const method = useWatch({ control: form.control, name: 'content_delivery_type' });
  const files = useWholeField('file_urls');
  const downloadCheck = useUrlCheck(form, 'download_url', checkDemoUrl);
  const show = deliveryInputs(method);
  const methodError = err('content_delivery_type');
  const methodErrorId = `${fieldId('content_delivery_type')}-error`;
  return (
    <EditorSection id="delivery" {...section} required complete={Boolean(method)} attention={method ? null : 'Choose a delivery method: it is required.'}>
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
          <DeliverableFiles files={files.value} onChange={files.onChange} onBusyChange={onBusyChange} error={err('file_urls')} />
        </div>
      )}
      {show.link && (
        <StudioInput
          name="download_url"
          label="Access link"
          status={downloadCheck}
          hint="Where buyers download or open your product."
          type="url"
          inputMode="url"
          placeholder="https://"
        />
      )}
      {show.text && (
        <StudioTextarea
          name="content_text"
          label="Text content"
          hint="Shown to buyers right after they get the product: a prompt, setup steps, a license key."
          rows={6}
        />
      )}
      <StudioTextarea
        name="download_instructions"
        label="Download instructions"
        optional
        hint="Anything buyers should do first: import steps, credentials to prepare."
        rows={3}
      />
      <p className="st-formats">
        Formats: ZIP, RAR, PDF, DOC, TXT, JSON, XML, CSV · Images: JPG, PNG, WebP. <strong>Tip:</strong> test delivery before publishing.
      </p>
    </EditorSection>
  );
});
