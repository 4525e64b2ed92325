/**
 * A form resolver fetched on first use (docs/decisions/033): zod's core and the zod resolver
 * (about 11 KB gzip) are not needed to draw a form, only to check it. The form gets a resolver
 * at once; the first validation awaits the real one, later ones call it directly. `preload()`
 * fetches it ahead (the auth pages do when they have mounted), so a visitor never waits for it
 * in practice. Validation is unchanged: the same zod schemas, the same messages.
 */
import type { FieldValues, Resolver } from 'react-hook-form';

export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>) {
  let pending: Promise<Resolver<T>> | null = null;
  const get = () =>
    (pending ??= load().catch((error: unknown) => {
      // A later validation may succeed (the network came back): do not keep the failure.
      pending = null;
      throw error;
    }));
  const resolver: Resolver<T> = async (values, context, options) => (await get())(values, context, options);
  return {
    resolver,
    preload(): void {
      get().catch(() => undefined);
    },
  };
}
