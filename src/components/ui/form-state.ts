/**
 * Small helpers over react-hook-form shared by every form (docs/decisions/019): the errors
 * as an ordered list of field paths and messages (for the error summary and the editor's
 * focus), and the two re-validation rules of the spec that the library has no mode for:
 * "errors clear on edit" (login, forgot password, the editor) and "on change once an error
 * exists" (sign-up, reset, profile, reviews, tool updates).
 */
import type { FieldErrors, FieldPath, FieldValues, RegisterOptions, UseFormReturn } from 'react-hook-form';
import type { ApiError } from '@/src/shared/api/client';

/** [path, message] of every error, in the order the rules reported them. */
export function errorList(errors: FieldErrors, prefix = ''): [string, string][] {
  const list: [string, string][] = [];
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object' || key === 'ref') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if ('type' in value && typeof value.message === 'string') {
      if (value.message) list.push([path, value.message]);
      continue;
    }
    list.push(...errorList(value as FieldErrors, path));
  }
  return list;
}

/** The message at a path, nested or not. */
export function errorAt(errors: FieldErrors, path: string): string | undefined {
  let node: unknown = errors;
  for (const part of path.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  const message = node && typeof node === 'object' && 'message' in node ? (node as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message ? message : undefined;
}

/**
 * The server's field messages (ApiError.fields, by field path) under their fields; the names
 * it set, in the server's order (none: the failure belongs to no field).
 */
export function setServerErrors<T extends FieldValues, C, O>(form: UseFormReturn<T, C, O>, error: ApiError): FieldPath<T>[] {
  const named: FieldPath<T>[] = [];
  for (const [path, message] of Object.entries(error.fields)) {
    if (!message) continue;
    form.setError(path as FieldPath<T>, { type: 'server', message });
    named.push(path as FieldPath<T>);
  }
  return named;
}

/** A refusal's message for above the form: none when it names fields (their messages are under them). */
export function formMessage(error: ApiError | null): string {
  return error && !Object.values(error.fields).some(Boolean) ? error.message : '';
}

/** Errors clear on edit: drops the field's error (and its children's) when it has one. */
export function clearOnEdit<T extends FieldValues>(form: UseFormReturn<T>, name: FieldPath<T>): void {
  if (form.getFieldState(name).invalid) form.clearErrors(name);
}

/** Validates the fields again on change, but only those that show an error now. */
export function revalidateIfInvalid<T extends FieldValues>(form: UseFormReturn<T>, ...names: FieldPath<T>[]): void {
  const invalid = names.filter((name) => form.getFieldState(name).invalid);
  if (invalid.length) void form.trigger(invalid);
}

/**
 * `form.register(name)` plus the field's value as the element's default, for text fields,
 * textareas and selects (not checkboxes or radios). react-hook-form writes values through refs
 * after hydration, so a server-rendered form showed empty fields and every select's first
 * option ('Off' for every notification) until its JavaScript ran; with this the HTML carries
 * them. React reads a default only when the element mounts, so later renders change nothing.
 */
export function registerWithValue<T extends FieldValues, N extends FieldPath<T>, C, O>(form: UseFormReturn<T, C, O>, name: N, options?: RegisterOptions<T, N>) {
  const value: unknown = form.getValues(name);
  const defaultValue = typeof value === 'string' || typeof value === 'number' ? value : undefined;
  return { ...form.register(name, options), defaultValue };
}

/** The same for one checkbox or radio of `name` with this `value`: checked in the HTML when the field holds it. */
export function registerChoice<T extends FieldValues, N extends FieldPath<T>, C, O>(form: UseFormReturn<T, C, O>, name: N, value: string) {
  const current: unknown = form.getValues(name);
  const defaultChecked = Array.isArray(current) ? current.includes(value) : current === value;
  return { ...form.register(name), value, defaultChecked };
}
