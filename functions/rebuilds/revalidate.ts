/**
 * On-demand revalidation on Vercel: the catalogue pages are ISR functions cached by the CDN
 * (astro.config.mjs, `isr` of @astrojs/vercel) until a request to the same path carries
 * `x-prerender-revalidate: <bypass token>`, which renders it again and replaces the cache
 * (Vercel Build Output API, prerender functions). Only our own SITE_URL is ever called.
 */

const REVALIDATE_HEADER = 'x-prerender-revalidate';

/** Revalidates each path (HEAD, in parallel, 10 s each); returns the paths that failed. */
export async function revalidatePaths(siteUrl: string, paths: readonly string[], token: string): Promise<string[]> {
  const results = await Promise.all(
    paths.map(async (path) => {
      try {
        const response = await fetch(new URL(path, siteUrl), {
          method: 'HEAD',
          headers: { [REVALIDATE_HEADER]: token },
          redirect: 'manual',
          signal: AbortSignal.timeout(10_000),
        });
        // A 404 is a valid render too: an unpublished product's page is now 'Product not found'.
        return response.status < 500 ? null : path;
      } catch {
        return path;
      }
    }),
  );
  return results.filter((p): p is string => p !== null);
}
