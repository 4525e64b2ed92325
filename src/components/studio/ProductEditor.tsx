/**
 * The AI-native product editor (spec sections 2, 3, 5 and 9): 'Create AI-Native Product' or
 * 'Edit AI Product', nine sections (collapsible on small screens, basic, delivery and demos
 * open), the quality score card with its validating indicator, and the submit rule: disabled
 * while the title or description is invalid, while saving or while an upload runs. The state
 * and rules live in useProductForm (react-hook-form with the editor's zod schema,
 * docs/decisions/019); each section is its own component reading the form from context.
 * After a create the form resets to the defaults; after an update it stays filled.
 */
import { useCallback, useRef, useState } from 'react';
import { FormProvider, useFormState } from 'react-hook-form';
import { ErrorSummary } from '../ui/ErrorSummary';
import { errorList } from '../ui/form-state';
import { ConfirmDialog } from './ConfirmDialog';
import { useMediaQuery } from './hooks';
import { CheckIcon } from './icons';
import { QualityScoreCard } from './QualityScoreCard';
import { AdditionalSection } from './sections/AdditionalSection';
import { BasicSection } from './sections/BasicSection';
import { ClassificationSection } from './sections/ClassificationSection';
import { DeliverySection } from './sections/DeliverySection';
import { DemosSection } from './sections/DemosSection';
import { DetailedSection } from './sections/DetailedSection';
import { fieldLabel } from './sections/field-labels';
import { ImagesSection } from './sections/ImagesSection';
import { MetricsSection } from './sections/MetricsSection';
import { PricingSection } from './sections/PricingSection';
import { editorStatusOptions, SelectOptions } from './SelectOptions';
import type { StudioOptions, StudioProduct } from './types';
import { useProductForm, type EditorMode } from './use-product-form';

interface Props {
  mode: EditorMode;
  product: StudioProduct | null;
  options: StudioOptions;
  onSaved(product: StudioProduct, mode: EditorMode): void;
  onClose(): void;
  onEdit(id: string): void;
}

export function ProductEditor({ mode, product, options, onSaved, onClose, onEdit }: Props) {
  const top = useRef<HTMLDivElement>(null);
  const scrollToTop = useCallback(() => top.current?.scrollIntoView({ block: 'start' }), []);
  const editor = useProductForm({ mode, product, onSaved, scrollToTop });
  const { form, score, validating, open, toggle } = editor;
  const { errors } = useFormState({ control: form.control });
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const collapsible = useMediaQuery('(max-width: 767px)');
  const title = mode === 'create' ? 'Create AI-Native Product' : 'Edit AI Product';
  const basicComplete = score.fields.title.isValid && score.fields.description.isValid && score.fields.shortDescription.isValid && !validating;
  const cancel = () => (editor.dirty ? setConfirmDiscard(true) : onClose());
  const section = { collapsible, onToggle: toggle };
  const status = form.watch('status');

  return (
    <div className="st-editor" ref={top}>
      <div className="st-editor-head">
        <button type="button" className="btn btn-ghost st-back" onClick={cancel}>
          <span aria-hidden="true">←</span> Products
        </button>
        <h1>{title}</h1>
        <p className="muted">
          {mode === 'create'
            ? 'Describe what you built, how buyers get it and what it works with. The quality score updates as you write.'
            : `Editing “${product?.title ?? ''}”. Changes to a published product go live when you save.`}
        </p>
      </div>

      {editor.created && (
        <div className="st-banner" role="status">
          <CheckIcon />
          <p>
            <strong>{editor.created.title}</strong> was created. The form is ready for your next product.
          </p>
          <div className="st-banner-actions">
            <button type="button" className="btn btn-secondary" onClick={() => onEdit(editor.created!.id)}>
              Edit it
            </button>
            <button type="button" className="btn btn-ghost" onClick={onClose}>
              Back to products
            </button>
          </div>
        </div>
      )}

      {product?.status === 'in_review' && (
        <div className="st-banner st-review-banner" role="status" data-review="in_review">
          <p>
            <strong>In review.</strong> The first products of a new account are checked by our team before they are public. You can keep editing: it goes live
            on the marketplace once it is approved.
          </p>
        </div>
      )}
      {product?.status === 'rejected' && (
        <div className="st-banner st-review-banner is-rejected" role="alert" data-review="rejected">
          <p>
            <strong>Not approved.</strong> The reviewer wrote: “{product.review_note ?? 'No reason given'}”. Change what they asked for, set Status to Published
            and save: it is checked again.
          </p>
        </div>
      )}

      <FormProvider {...form}>
        <form className="st-form" noValidate onSubmit={(event) => void editor.submit(event)} aria-label={title}>
          <ErrorSummary items={errorList(errors).map(([path]) => ({ target: path, label: fieldLabel(path) }))} onFollow={editor.focusField} />
          <div className="st-editor-grid">
            <div className="st-editor-main">
              <BasicSection
                {...section}
                open={open.basic}
                categories={options.categories}
                complete={basicComplete}
                tagsValid={!validating && score.fields.tags.isValid}
              />
              <ImagesSection {...section} open={open.images} uploads={editor.uploads} onBusyChange={editor.busyUploads} />
              <DeliverySection {...section} open={open.delivery} onBusyChange={editor.busyUploads} />
              <DemosSection {...section} open={open.demos} />
              <ClassificationSection {...section} open={open.classification} aiTools={options.aiTools} contentTypes={options.contentTypes} />
              <PricingSection {...section} open={open.pricing} payoutsMissing={editor.payoutsMissing} />
              <MetricsSection {...section} open={open.metrics} communityScore={product ? product.community_score : null} />
              <DetailedSection {...section} open={open.detailed} />
              <AdditionalSection {...section} open={open.additional} />
            </div>

            <aside className="st-editor-side" aria-label="Listing quality">
              <QualityScoreCard score={score} validating={validating} />
            </aside>
          </div>

          <div className="st-submit-bar">
            <label className="st-status-field">
              <span>Status</span>
              <select className="st-input" data-field="status" {...form.register('status')}>
                <SelectOptions options={editorStatusOptions(status)} />
              </select>
            </label>
            <p className="st-submit-note" role="status" aria-live="polite">
              {editor.summary ? (
                <span className="st-error-text">{editor.summary}</span>
              ) : editor.uploads > 0 ? (
                'Waiting for uploads…'
              ) : !score.canSubmit && !validating ? (
                'A valid title and description are needed to save.'
              ) : (
                ''
              )}
            </p>
            <div className="st-submit-actions">
              <button type="button" className="btn btn-secondary" onClick={cancel} disabled={editor.saving}>
                Cancel
              </button>
              <button type="submit" className="btn btn-primary" disabled={editor.submitDisabled} aria-busy={editor.saving}>
                {editor.saving ? 'Saving…' : mode === 'create' ? 'Create Product' : 'Save Changes'}
              </button>
            </div>
          </div>
        </form>
      </FormProvider>

      {confirmDiscard && (
        <ConfirmDialog
          title="Discard your changes?"
          message="You have unsaved changes in this product. They will be lost."
          confirmLabel="Discard changes"
          destructive
          onCancel={() => setConfirmDiscard(false)}
          onConfirm={() => {
            setConfirmDiscard(false);
            onClose();
          }}
        />
      )}
    </div>
  );
}
