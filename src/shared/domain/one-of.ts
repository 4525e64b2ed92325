/** Whether `value` is one of `values`, narrowing it: the one membership check every enum uses. */
export function isOneOf<const T extends readonly string[]>(values: T, value: unknown): value is T[number] {
  return typeof value === 'string' && values.includes(value);
}
