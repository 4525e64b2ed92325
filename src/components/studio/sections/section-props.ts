/**
 * What every section of the product editor gets from ProductEditor: whether sections fold
 * (small screens), whether this one is open, and the toggle. The values, errors and
 * registration come from the form's context (react-hook-form's FormProvider), so a section
 * re-renders only when its own fields or their errors change.
 */
import { useFormContext, useFormState, type FieldPath } from 'react-hook-form';
import { errorAt } from '@/src/components/ui/form-state';
import type { EditorValues } from '../editor-state';

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
