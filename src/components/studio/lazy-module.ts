/**
 * A module the studio loads only when it is needed (docs/decisions/033): the editor (the form
 * library, the schemas it validates with, the quality score) and the preview are not part of
 * the product list's first paint. `load()` fetches it once; `useLoaded()` renders with it as
 * soon as it is there. A module loaded before hydration (the page opened on the editor) is
 * there on the first render, so the server's HTML and the client's first render match.
 */
import { useEffect, useState } from 'react';

export interface LazyModule<T> {
  /** Fetches the module once; later calls share the same promise. */
  load(): Promise<T>;
  /** The module, or null while it loads; `failed` when it could not be fetched. */
  useLoaded(): { module: T | null; failed: boolean };
}

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let loaded: T | null = null;
  let pending: Promise<T> | null = null;
  const load = () =>
    (pending ??= importer().then(
      (module) => (loaded = module),
      (error: unknown) => {
        // A later attempt (the next open) may succeed: do not keep the failure.
        pending = null;
        throw error;
      },
    ));
  function useLoaded() {
    const [module, setModule] = useState<T | null>(loaded);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      if (module) return;
      let live = true;
      load().then(
        (m) => live && setModule(() => m),
        () => live && setFailed(true),
      );
      return () => {
        live = false;
      };
    }, [module]);
    return { module, failed };
  }
  return { load, useLoaded };
}
