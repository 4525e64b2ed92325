/**
 * What every section of the product editor gets from ProductEditor: whether sections fold
 * (small screens), whether this one is open, and the toggle. The values, errors and
 * registration come from the form's context (react-hook-form's FormProvider), so a section
 * re-renders only when its own fields or their errors change.
 */
import { useController, useFormContext, useFormState, type FieldPath, type FieldPathValue } from 'react-hook-form';
import { clearOnEdit, errorAt } from '@/src/components/ui/form-state';
import type { EditorValues } from '../editor-state';
import type { SectionId } from '../use-product-form';

export interface SectionProps {
  collapsible: boolean;
  open: boolean;
  onToggle(id: string): void;
}

/** The control id of a field: fixed, so the error summary can link to it (one editor per page). */
export const fieldId = (name: string) => `st-f-${name.replace(/\./g, '-')}`;

/** The form and an error lookup limited to the given fields (and their children). */
export function useSectionForm(names: readonly FieldPath<EditorValues>[]) {
  const form = useFormContext<EditorValues>();
  const { errors } = useFormState({ control: form.control, name: names as FieldPath<EditorValues>[] });
  const err = (path: string) => errorAt(errors, path);
  return { form, errors, err };
}

/** A field edited as a whole by its own control (tags, files, demo links): its value, and a change that clears its error. */
export function useWholeField<N extends FieldPath<EditorValues>>(name: N) {
  const form = useFormContext<EditorValues>();
  const { field } = useController({ control: form.control, name });
  const onChange = (next: FieldPathValue<EditorValues, N>) => {
    field.onChange(next);
    clearOnEdit(form, name);
  };
  return { value: field.value, onChange };
}

/** The editor's sections in order (spec section 2): each is numbered by its place here. */
export const SECTION_HEADINGS: readonly { id: SectionId; title: string; description: string }[] = [
  { id: 'basic', title: 'Basic Information', description: 'What it is and why buyers want it. These fields drive the quality score.' },
  { id: 'images', title: 'Product Images', description: 'The main image shows on cards; featured and additional images fill the gallery.' },
  { id: 'delivery', title: 'Content Delivery', description: 'How buyers receive the product after they get it. Test delivery before publishing.' },
  { id: 'demos', title: 'Demos and Links', description: 'Let buyers see it work before they get it.' },
  { id: 'classification', title: 'AI-Native Classification', description: 'Which AI tool it is built for and what kind of product it is.' },
  { id: 'pricing', title: 'Pricing and Deployment', description: 'What it costs and how much setup buyers should expect.' },
  { id: 'metrics', title: 'Metrics', description: 'Honest expectations help buyers choose, and earn better reviews.' },
  { id: 'detailed', title: 'Detailed Classification', description: 'Helps buyers and search match your product to their needs.' },
  { id: 'additional', title: 'Additional Information', description: 'What buyers need to run it.' },
];
