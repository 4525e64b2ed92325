/**
 * The security headers of every answer, declared once (docs/decisions/009).
 *
 * Owns: the Content-Security-Policy directives (beyond script-src and style-src, which Astro
 * writes per page with the hashes of that page's inline scripts and styles), the policy of
 * answers that are not pages (API, feeds, blobs), and the other headers per path.
 * Used by astro.config.mjs (Astro's `security.csp` and the Vercel output config written after
 * the build, scripts/lib/vercel-headers.ts) and by the node server (scripts/lib/serve.ts),
 * so the embedded server and Vercel send the same set. Pure: no environment reads here; the
 * callers pass whether the site is https.
 */

/** Vercel Blob public stores serve images from `<store>.public.blob.vercel-storage.com`. */
const BLOB_HOSTS = 'https://*.public.blob.vercel-storage.com';
/** Product videos play in these players (src/components/catalogue/VideoEmbed.astro). */
const VIDEO_PLAYERS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'];
/** Social sign-in leaves the site for the provider's consent page (functions/auth/auth.ts). */
const OAUTH_PAGES = ['https://accounts.google.com', 'https://github.com'];

/**
 * The page directives Astro joins to its own script-src and style-src (astro.config.mjs).
 * - img-src: our files (/blobs/ locally), Vercel Blob when configured, data: for the CSS icons.
 * - media-src https:: a product's .mp4/.webm/.ogg video may live on any https host.
 * - form-action: our forms, and the OAuth consent pages a sign-in redirects to.
 */
export const PAGE_CSP_DIRECTIVES = [
  "default-src 'self'",
  `img-src 'self' data: ${BLOB_HOSTS}`,
  "media-src 'self' https:",
  `frame-src ${VIDEO_PLAYERS.join(' ')}`,
  "connect-src 'self'",
  "font-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  `form-action 'self' ${OAUTH_PAGES.join(' ')}`,
  "frame-ancestors 'none'",
] as const;

/**
 * Style attributes are allowed (style-src-attr 'unsafe-inline'): pages set CSS variables and
 * bar widths with style="…", and React writes its style props as attributes in server HTML.
 * An attribute can neither run script nor select other elements; `<style>` elements still
 * need Astro's hashes. Scripts have no 'unsafe-inline' anywhere.
 */
export const STYLE_ATTRIBUTES = { resource: "'unsafe-inline'", kind: 'attribute' } as const;

/** For answers that are not pages (JSON, feeds, files): nothing may load or run, nobody may frame them. */
export const NON_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * Paths whose answers are never pages: they get NON_PAGE_CSP. (On the node server any answer
 * that is not HTML gets it too; this list is for the Vercel output, which routes by path.)
 */
export const NON_PAGE_PATHS = '^/(?:api|blobs)/|\\.(?:xml|txt|json|csv)$';

/** The page where the sign-up assistant takes voice input (src/components/auth/AuthAssistant.tsx). */
export const MICROPHONE_PATHS = '^/auth/?$';
/** Compiled once: the node server asks it of every answer. */
const MICROPHONE_PATH = new RegExp(MICROPHONE_PATHS);

/**
 * Pages whose address holds a secret (the unsubscribe page's signed token, src/pages/unsubscribe.astro):
 * they send no Referer at all, not even to the site's own pages.
 */
export const NO_REFERRER_PATHS = '^/unsubscribe/?$';
const NO_REFERRER_PATH = new RegExp(NO_REFERRER_PATHS);

const players = VIDEO_PLAYERS.map((origin) => `"${origin}"`).join(' ');

function permissionsPolicy(microphone: boolean): string {
  return [
    'accelerometer=()',
    `autoplay=(self ${players})`,
    'camera=()',
    'display-capture=()',
    `encrypted-media=(self ${players})`,
    `fullscreen=(self ${players})`,
    'geolocation=()',
    'gyroscope=()',
    'hid=()',
    'magnetometer=()',
    microphone ? 'microphone=(self)' : 'microphone=()',
    'midi=()',
    'payment=()',
    `picture-in-picture=(self ${players})`,
    'publickey-credentials-get=()',
    'serial=()',
    'usb=()',
    'xr-spatial-tracking=()',
  ].join(', ');
}

export const PERMISSIONS_POLICY = permissionsPolicy(false);
export const PERMISSIONS_POLICY_WITH_MICROPHONE = permissionsPolicy(true);

export const HSTS = 'max-age=31536000; includeSubDomains';

/** Whether the public origin is https (then browsers are told to keep to https: HSTS). */
export function isHttpsSite(siteUrl: string): boolean {
  return siteUrl.startsWith('https://');
}

/**
 * Every header but the Content-Security-Policy, for one path. Header names are lower case, as
 * Node and the Vercel config both accept. `document: false` for an answer that is not a page
 * (not HTML): Permissions-Policy governs what a document and the frames it embeds may use, so
 * it is sent on documents only (a script, a stylesheet, an image or JSON is never one); the
 * other headers stay on every answer. The few distinct sets are built once and shared: the
 * result is frozen, and the node server asks for it on every answer.
 */
export function securityHeaders(pathname: string, options: { https: boolean; document?: boolean }): Readonly<Record<string, string>> {
  const document = options.document ?? true;
  const noReferrer = NO_REFERRER_PATH.test(pathname);
  const microphone = document && MICROPHONE_PATH.test(pathname);
  const key = (options.https ? 8 : 0) | (document ? 4 : 0) | (noReferrer ? 2 : 0) | (microphone ? 1 : 0);
  return (HEADER_SETS[key] ??= Object.freeze(buildHeaders({ https: options.https, document, noReferrer, microphone })));
}

/** The distinct sets, by their 4 flags (https, document, no-referrer, microphone). */
const HEADER_SETS: (Readonly<Record<string, string>> | undefined)[] = [];

function buildHeaders(kind: { https: boolean; document: boolean; noReferrer: boolean; microphone: boolean }): Record<string, string> {
  const headers: Record<string, string> = {
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': kind.noReferrer ? 'no-referrer' : 'strict-origin-when-cross-origin',
  };
  if (kind.document) headers['permissions-policy'] = kind.microphone ? PERMISSIONS_POLICY_WITH_MICROPHONE : PERMISSIONS_POLICY;
  if (kind.https) headers['strict-transport-security'] = HSTS;
  return headers;
}

/**
 * The paths whose answers may be documents, for the Vercel output (which routes by path, not by
 * type): not the API, blobs, hashed assets, or a file with an extension other than .html.
 */
export const DOCUMENT_PATHS = '^/(?!api/|blobs/|_astro/)(?:[^.]*|.*\\.html)$';
