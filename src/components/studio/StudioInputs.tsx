/**
 * The editor's common fields on StudioField, each wired to the form by its name: the control
 * id (fieldId), the data-field mark the error summary scrolls to, the registration whose
 * error clears on edit (textField) and the field's own error. A section then writes only
 * what differs: the label, the hint, and the input's attributes.
 */
import type { InputHTMLAttributes, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { useFormContext, useFormState, type FieldPath } from 'react-hook-form';
import { errorAt } from '@/src/components/ui/form-state';
import type { UrlCheck } from '@/src/shared/quality-score';
import { CREATOR_PRODUCT_STATUSES, isOneOf, PRODUCT_STATUS_LABELS, PRODUCT_STATUSES, REVIEW_PRODUCT_STATUSES } from '@/src/shared/domain';
import type { EditorValues } from './editor-state';
import { StudioField } from './StudioField';
import { textField } from './use-product-form';
import { fieldId } from './sections/section-props';

interface FieldProps {
  name: FieldPath<EditorValues>;
  label: string;
  hint?: string | undefined;
  counter?: string;
  optional?: boolean;
  required?: boolean;
  status?: UrlCheck | null;
  /** Whose error an edit clears: the field's own unless it belongs to a group (access requirements). */
  clears?: FieldPath<EditorValues>;
}

export interface SelectOption {
  value: string;
  label: string;
}

/** The product statuses as choices (the list's filter). */
export const PRODUCT_STATUS_OPTIONS: readonly SelectOption[] = PRODUCT_STATUSES.map((value) => ({ value, label: PRODUCT_STATUS_LABELS[value] }));

/**
 * The editor's Status: what a creator chooses (draft, published, archived), and the product's
 * review status while it has one, so 'In review' or 'Not approved' reads as it is; saving it
 * unchanged keeps it, Published submits it again (docs/decisions/031).
 */
export function editorStatusOptions(current: string | undefined): SelectOption[] {
  const values: string[] = [...CREATOR_PRODUCT_STATUSES];
  if (isOneOf(REVIEW_PRODUCT_STATUSES, current)) values.splice(1, 0, current);
  return values.map((value) => ({ value, label: isOneOf(PRODUCT_STATUSES, value) ? PRODUCT_STATUS_LABELS[value] : value }));
}

/** The <option>s of a list of choices. */
export function SelectOptions({ options }: { options: readonly SelectOption[] }) {
  return options.map((o) => (
    <option key={o.value} value={o.value}>
      {o.label}
    </option>
  ));
}

/** The field's frame, and its registration for the control inside. */
function useStudioField({ name, clears = name }: FieldProps) {
  const form = useFormContext<EditorValues>();
  const { errors } = useFormState({ control: form.control, name });
  return { error: errorAt(errors, name), registration: { 'data-field': name, ...textField(form, name, clears) } };
}

function Frame({ field, error, children }: { field: FieldProps; error: string | undefined; children: Parameters<typeof StudioField>[0]['children'] }) {
  const { name, label, hint, counter, optional, required, status } = field;
  return (
    <StudioField label={label} id={fieldId(name)} error={error} hint={hint} counter={counter} optional={optional} required={required} status={status}>
      {children}
    </StudioField>
  );
}

export function StudioInput({ name, label, hint, counter, optional, required, status, clears, ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const field = { name, label, hint, counter, optional, required, status, clears };
  const { error, registration } = useStudioField(field);
  return (
    <Frame field={field} error={error}>
      {(control) => <input {...control} className="st-input" {...input} {...registration} />}
    </Frame>
  );
}

export function StudioTextarea({
  name,
  label,
  hint,
  counter,
  optional,
  required,
  status,
  clears,
  ...textarea
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const field = { name, label, hint, counter, optional, required, status, clears };
  const { error, registration } = useStudioField(field);
  return (
    <Frame field={field} error={error}>
      {(control) => <textarea {...control} className="st-input st-textarea" {...textarea} {...registration} />}
    </Frame>
  );
}

/**
 * A select of `options`, or of `groups` of them; `placeholder` adds the empty first choice
 * of an optional field.
 */
export function StudioSelect({
  name,
  label,
  hint,
  optional,
  clears,
  placeholder,
  options = [],
  groups = [],
  ...select
}: FieldProps &
  SelectHTMLAttributes<HTMLSelectElement> & {
    placeholder?: string;
    options?: readonly SelectOption[];
    groups?: readonly { group: string; options: readonly SelectOption[] }[];
  }) {
  const field = { name, label, hint, optional, clears };
  const { error, registration } = useStudioField(field);
  return (
    <Frame field={field} error={error}>
      {(control) => (
        <select {...control} className="st-input" {...select} {...registration}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          <SelectOptions options={options} />
          {groups.map((g) => (
            <optgroup key={g.group} label={g.group}>
              <SelectOptions options={g.options} />
            </optgroup>
          ))}
        </select>
      )}
    </Frame>
  );
}
