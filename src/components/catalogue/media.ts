/**
 * What the product page shows, as pure functions: the gallery (optional video first, then
 * the main, featured and additional images), video links (YouTube and Vimeo embedded, video
 * files played, anything else a link), demo links grouped by type, and the description's
 * paragraphs. Used by the prebuilt and on-demand product pages; unit-tested.
 *
 * Invariant: every URL that becomes an href, src or iframe comes through safeUrl, so a
 * stored `javascript:` or `data:` URL never reaches the page.
 */
import type { DemoLinkJson } from '@/src/shared/products';
import { DEMO_LINK_GROUP_HEADINGS, type DemoLinkType } from '@/src/shared/domain';
import { FALLBACK_IMAGE } from '@/src/shared/products';

/** Spec section 9: the gallery shows 4 thumbnails at most. */
export const MAX_THUMBNAILS = 4;

/** An http(s) URL, or a site-relative path; null for anything else. */
export function safeUrl(raw: string | null | undefined): string | null {
  const value = raw?.trim();
  if (!value) return null;
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

export type VideoSource =
  | { kind: 'youtube'; id: string; url: string; embedUrl: string }
  | { kind: 'vimeo'; id: string; url: string; embedUrl: string }
  | { kind: 'file'; url: string; mimeType: string }
  | { kind: 'link'; url: string };

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIDEO_FILES: Record<string, string> = { mp4: 'video/mp4', webm: 'video/webm', ogg: 'video/ogg' };

function youtubeId(url: URL): string | null {
  const host = url.hostname.replace(/^(www|m|music)\./, '');
  if (host === 'youtu.be') return url.pathname.split('/')[1] ?? null;
  if (host !== 'youtube.com' && host !== 'youtube-nocookie.com') return null;
  if (url.pathname === '/watch') return url.searchParams.get('v');
  const [, kind, id] = url.pathname.split('/');
  return kind === 'embed' || kind === 'shorts' || kind === 'live' ? (id ?? null) : null;
}

function vimeoId(url: URL): { id: string; hash: string | null } | null {
  const host = url.hostname.replace(/^www\./, '');
  if (host !== 'vimeo.com' && host !== 'player.vimeo.com') return null;
  const parts = url.pathname.split('/').filter(Boolean);
  const index = parts.findIndex((p) => /^\d+$/.test(p));
  if (index < 0) return null;
  const next = parts[index + 1];
  // Unlisted videos carry a privacy hash: vimeo.com/{id}/{hash} or ?h={hash}.
  const hash = url.searchParams.get('h') ?? (next && /^[0-9a-f]+$/i.test(next) ? next : null);
  return { id: parts[index] as string, hash };
}

/**
 * A video URL as the page plays it: YouTube (watch, youtu.be, embed, shorts) through the
 * privacy-enhanced youtube-nocookie.com player, Vimeo through its player, .mp4/.webm/.ogg
 * as a <video>, anything else as a plain link. Null when the URL is not http(s).
 */
export function parseVideoUrl(raw: string | null | undefined): VideoSource | null {
  const safe = safeUrl(raw);
  if (!safe || safe.startsWith('/')) {
    if (!safe) return null;
    const ext = safe.split(/[?#]/)[0]?.split('.').pop()?.toLowerCase() ?? '';
    return VIDEO_FILES[ext] ? { kind: 'file', url: safe, mimeType: VIDEO_FILES[ext] } : { kind: 'link', url: safe };
  }
  const url = new URL(safe);
  const yt = youtubeId(url);
  if (yt && YOUTUBE_ID.test(yt)) {
    return { kind: 'youtube', id: yt, url: safe, embedUrl: `https://www.youtube-nocookie.com/embed/${yt}` };
  }
  const vimeo = vimeoId(url);
  if (vimeo) {
    const embedUrl = `https://player.vimeo.com/video/${vimeo.id}${vimeo.hash ? `?h=${encodeURIComponent(vimeo.hash)}` : ''}`;
    return { kind: 'vimeo', id: vimeo.id, url: safe, embedUrl };
  }
  const ext = url.pathname.split('.').pop()?.toLowerCase() ?? '';
  if (VIDEO_FILES[ext]) return { kind: 'file', url: safe, mimeType: VIDEO_FILES[ext] };
  return { kind: 'link', url: safe };
}

/** The player URL to load once the visitor presses play (autoplay, since they asked for it). */
export function autoplayUrl(video: Extract<VideoSource, { embedUrl: string }>): string {
  return `${video.embedUrl}${video.embedUrl.includes('?') ? '&' : '?'}autoplay=1`;
}

export type GalleryItem = { kind: 'video'; video: VideoSource; label: string } | { kind: 'image'; src: string; label: string; isFallback: boolean };

export interface GallerySource {
  title: string;
  videoDemoUrl: string | null;
  imageUrl: string | null;
  featuredImageUrl: string | null;
  additionalImages: readonly string[];
}

/**
 * The gallery of spec section 2: the optional video first, then the main, featured and
 * additional images (duplicates dropped). A product with no media shows the stock image.
 */
export function galleryItems(p: GallerySource): GalleryItem[] {
  const items: GalleryItem[] = [];
  const video = parseVideoUrl(p.videoDemoUrl);
  if (video) items.push({ kind: 'video', video, label: `Video demo of ${p.title}` });
  const seen = new Set<string>();
  const images = [p.imageUrl, p.featuredImageUrl, ...p.additionalImages].map(safeUrl).filter((u): u is string => u !== null);
  for (const src of images) {
    if (seen.has(src)) continue;
    seen.add(src);
    items.push({ kind: 'image', src, label: '', isFallback: false });
  }
  const imageCount = seen.size;
  let n = 0;
  for (const item of items) {
    if (item.kind === 'image') item.label = imageCount > 1 ? `${p.title}, image ${++n} of ${imageCount}` : p.title;
  }
  if (!imageCount) items.push({ kind: 'image', src: FALLBACK_IMAGE, label: p.title, isFallback: true });
  return items;
}

/** Index arithmetic of the gallery: previous before the first is the last, and the other way round. */
export function wrapIndex(index: number, length: number): number {
  if (length <= 0) return 0;
  return ((index % length) + length) % length;
}

/** The description as plain-text paragraphs: split on blank lines, trimmed, empty ones dropped. */
export function paragraphs(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(/\r?\n[ \t]*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** Display order of the demo link types on the product page (spec section 3); every type once. */
const DEMO_LINK_DISPLAY_ORDER: readonly DemoLinkType[] = ['video_demo', 'live_demo', 'tutorial', 'documentation', 'api_reference', 'source_code'];

/** The groups in display order, with their headings. */
export const DEMO_LINK_GROUPS: readonly { type: DemoLinkType; label: string }[] = DEMO_LINK_DISPLAY_ORDER.map((type) => ({
  type,
  label: DEMO_LINK_GROUP_HEADINGS[type],
}));

export interface DemoLinkView {
  id: string;
  title: string;
  description: string | null;
  url: string;
  host: string;
  /** Set for video demos: how the page plays it. */
  video: VideoSource | null;
}

function hostOf(url: string): string {
  try {
    return new URL(url, 'http://localhost').hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}

/**
 * Demo links grouped by type in display order. The links are already sanitized (entries
 * lacking id, type, url or title dropped, unknown types not displayed: src/shared/products.ts);
 * here links whose URL is not http(s) are dropped too. The product's demo_url, when set and
 * not already listed, leads the live demos.
 */
export function groupDemoLinks(links: readonly DemoLinkJson[], demoUrl?: string | null): { type: DemoLinkType; label: string; links: DemoLinkView[] }[] {
  const views: (DemoLinkView & { type: DemoLinkType })[] = [];
  const urls = new Set<string>();
  for (const link of links) {
    const url = safeUrl(link.url);
    if (!url) continue;
    urls.add(url);
    views.push({
      id: link.id,
      type: link.type,
      title: link.title.trim() || hostOf(url),
      description: link.description?.trim() || null,
      url,
      host: hostOf(url),
      video: link.type === 'video_demo' ? parseVideoUrl(url) : null,
    });
  }
  const demo = safeUrl(demoUrl);
  if (demo && !urls.has(demo)) {
    views.unshift({ id: 'demo-url', type: 'live_demo', title: 'Try the live demo', description: null, url: demo, host: hostOf(demo), video: null });
  }
  return DEMO_LINK_GROUPS.map((g) => ({ ...g, links: views.filter((v) => v.type === g.type).map(({ type: _type, ...rest }) => rest) })).filter(
    (g) => g.links.length > 0,
  );
}
