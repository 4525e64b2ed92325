/** The name a stored deliverable is shown (and downloaded) with: the last path segment. */
export function fileNameOf(url: string): string {
  const clean = url.split(/[?#]/)[0] ?? url;
  return decodeURIComponent(clean.slice(clean.lastIndexOf('/') + 1)) || 'file';
}
