/**
 * What the node server (scripts/lib/serve.ts) checks of a request's path before the disk, the
 * page store or Astro sees it (issue 29, 'no 500 for any path'): a path that cannot be decoded,
 * that has a segment longer than any file name or route parameter we serve (the file system
 * throws ENAMETOOLONG past 255 bytes), or that carries a control character (no route parameter
 * holds one, and Astro.rewrite throws on it) names nothing: the caller answers 404, or 414 on
 * /api for a path too long. Pure, so a unit test covers it.
 */

/** A decoded segment longer than this, in UTF-8 bytes, is refused (414 on /api, 404 elsewhere). */
export const MAX_SEGMENT_BYTES = 1024;
/** A whole path (as sent, percent-encoded) longer than this is refused likewise. */
const MAX_PATH_LENGTH = 8192;

export type PathProblem = 'undecodable' | 'too-long' | 'control-character';

// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const CONTROL = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- as above, and % (something encoded: decode first)
const PLAIN_SUSPECT = /[%\u0000-\u001f\u007f]/;

/** Why `pathname` (the path of the request, without query, as sent) names nothing, or undefined. */
export function pathProblem(pathname: string): PathProblem | undefined {
  // The common case, checked per request without decoding: nothing encoded, no control
  // character, and too short to hold an over-long segment.
  if (pathname.length <= MAX_SEGMENT_BYTES && !PLAIN_SUSPECT.test(pathname)) return undefined;
  if (pathname.length > MAX_PATH_LENGTH) return 'too-long';
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return 'undecodable';
  }
  if (decoded.split('/').some((segment) => Buffer.byteLength(segment) > MAX_SEGMENT_BYTES)) return 'too-long';
  if (CONTROL.test(decoded) || CONTROL.test(pathname)) return 'control-character';
  return undefined;
}
