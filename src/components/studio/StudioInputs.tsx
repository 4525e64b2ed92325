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
import type { EditorValues } from './editor-state';
import { StudioField } from './StudioField';
import { textField } from './use-product-form';
import { fieldId } from './sections/section-props';

import { SelectOptions, type SelectOption } from './SelectOptions';

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
