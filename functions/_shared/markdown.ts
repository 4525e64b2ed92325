/**
 * Community posts' Markdown -> safe HTML (docs/decisions/035). Rendered on the server, once,
 * when a post is written or edited (community_threads.body_html, community_replies.body_html)
 * and for the editor's preview route; no Markdown code reaches the browser. Its plain text is
 * also the excerpt of a community notice (functions/community, functions/notifications): in
 * _shared, which imports no domain, so the feed does not import the community (docs/decisions/063).
 *
 * Two layers, each enough on its own for what it guards:
 * 1. markdown-it with `html: false`: raw HTML in a post is text (shown, never parsed); links
 *    pass `validateLink` only as http(s), mailto, a site path (/...) or a fragment; an image
 *    is kept only when the blob store says it is one of our public files, else it becomes a
 *    link; headings become bold paragraphs (the page owns its heading outline); nesting is
 *    capped at 20 levels (deeply nested quotes end as text); @handles of existing profiles
 *    become links to their profile.
 * 2. sanitize-html with an allow-list of tags and attributes and URL schemes over the result:
 *    whatever the parser might emit by mistake, only these survive. Every link carries
 *    rel="nofollow ugc noopener".
 */
import MarkdownIt, { type MarkdownIt as Parser, type Token } from 'markdown-it';
import sanitizeHtml from 'sanitize-html';
import { getBlobStore } from './blob-store';
import { MENTION_PATTERN } from '@/src/shared/community';
import { profileUrl } from '@/src/shared/handles';

const LINK_REL = 'nofollow ugc noopener';
const MAX_NESTING = 20;

export interface RenderOptions {
  /** Lower-case handles of existing profiles: their @mentions become links. */
  mentionHandles?: ReadonlySet<string>;
  /** Whether an image URL is one of our own public blobs (default: the blob store's answer). */
  isOwnImage?: (src: string) => boolean;
}

/** http(s) and mailto URLs, site paths (not protocol-relative '//host') and fragments. */
export function isSafeHref(href: string): boolean {
  const url = href.trim();
  if (url.startsWith('#')) return true;
  if (url.startsWith('/')) return !url.startsWith('//') && !url.startsWith('/\\');
  return /^(https?:\/\/|mailto:)/i.test(url) && !/[\s<>"]/.test(url);
}

function defaultIsOwnImage(src: string): boolean {
  if (!isSafeHref(src) || src.startsWith('#')) return false;
  return getBlobStore().locate(src)?.access === 'public';
}

function createParser(): Parser {
  const md = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: true, maxNesting: MAX_NESTING });
  md.validateLink = isSafeHref;
  // A post's headings are bold paragraphs: the page owns its outline (h1 title, h2 sections).
  md.renderer.rules['heading_open'] = () => '<p><strong>';
  md.renderer.rules['heading_close'] = () => '</strong></p>\n';
  return md;
}

const parser = createParser();
/** markdown-it's Token class (it is not exported as a value). */
const TokenClass = new parser.core.State('', parser, {}).Token;

/** Turns @handle in text tokens (outside links and code) into links, for the handles given. */
function linkMentions(tokens: Token[], handles: ReadonlySet<string>, TokenCtor: typeof Token): void {
  for (const block of tokens) {
    if (block.type !== 'inline' || !block.children) continue;
    const out: Token[] = [];
    let inLink = 0;
    for (const child of block.children) {
      if (child.type === 'link_open') inLink++;
      if (child.type === 'link_close') inLink--;
      if (child.type !== 'text' || inLink > 0 || !child.content.includes('@')) {
        out.push(child);
        continue;
      }
      let last = 0;
      const text = child.content;
      for (const m of text.matchAll(new RegExp(MENTION_PATTERN.source, MENTION_PATTERN.flags))) {
        const handle = m[1]!.toLowerCase();
        if (!handles.has(handle)) continue;
        const start = m.index;
        if (start > last) out.push(Object.assign(new TokenCtor('text', '', 0), { content: text.slice(last, start) }));
        const open = new TokenCtor('link_open', 'a', 1);
        open.attrs = [
          ['href', profileUrl({ id: handle, handle })],
          ['class', 'mention'],
        ];
        out.push(open, Object.assign(new TokenCtor('text', '', 0), { content: m[0] }), new TokenCtor('link_close', 'a', -1));
        last = start + m[0].length;
      }
      if (last === 0) out.push(child);
      else if (last < text.length) out.push(Object.assign(new TokenCtor('text', '', 0), { content: text.slice(last) }));
    }
    block.children = out;
  }
}

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 's', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'a', 'img', 'hr', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
  allowedAttributes: { a: ['href', 'rel', 'class'], img: ['src', 'alt', 'loading', 'decoding'], code: ['class'], ol: ['start'] },
  allowedClasses: { a: ['mention'], code: [/^language-[a-z0-9+#_-]{1,30}$/] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nestingLimit: MAX_NESTING * 2,
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: LINK_REL } }),
  },
};

/**
 * The sanitized HTML of a post's Markdown. Raw HTML shows as text, unsafe links are plain
 * text, foreign images become links, and the allow-list has the last word.
 */
export function renderMarkdown(source: string, options: RenderOptions = {}): string {
  const isOwnImage = options.isOwnImage ?? defaultIsOwnImage;
  const env = {};
  const tokens = parser.parse(source, env);
  if (options.mentionHandles?.size) linkMentions(tokens, options.mentionHandles, TokenClass);
  // Images: ours stay (lazy), anyone else's become a link to them with their alt text.
  for (const block of tokens) {
    if (block.type !== 'inline' || !block.children) continue;
    block.children = block.children.flatMap((child: Token): Token[] => {
      if (child.type !== 'image') return [child];
      const src = String(child.attrGet('src') ?? '');
      if (isOwnImage(src)) {
        child.attrSet('loading', 'lazy');
        child.attrSet('decoding', 'async');
        return [child];
      }
      const TokenCtor = TokenClass;
      const alt = child.children?.map((c: Token) => c.content).join('') || src;
      const open = new TokenCtor('link_open', 'a', 1);
      open.attrs = [['href', src]];
      return [open, Object.assign(new TokenCtor('text', '', 0), { content: alt }), new TokenCtor('link_close', 'a', -1)];
    });
  }
  const html = parser.renderer.render(tokens, parser.options, env);
  return sanitizeHtml(html, SANITIZE).trim();
}

/** The plain text of a post's Markdown (a list's excerpt, a page's description), whitespace collapsed, cut at `max` characters. */
export function plainText(source: string, max = 200): string {
  const html = parser.render(source.slice(0, max * 4));
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {}, nonTextTags: ['style', 'script', 'textarea', 'option'] })
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
