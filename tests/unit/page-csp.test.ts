import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineElementTexts, pagePolicy, withPagePolicy } from '@/functions/_shared/page-csp';

const hash = (text: string, algorithm = 'sha256') => `'${algorithm}-${createHash(algorithm).update(text, 'utf8').digest('base64')}'`;

const SCRIPT = 'if (a && b < 2) console.log("&amp; stays as written");';
const STYLE = 'astro-island{display:contents}';
const PAGE = `<!doctype html><html><head><style>${STYLE}</style><script type="module" src="/_astro/x.js"></script></head>
<body><p>a &amp; b</p><script>${SCRIPT}</script></body></html>`;

describe('the inline elements of a page', () => {
  it('are the texts of inline scripts and styles as written, not scripts loaded from a file', () => {
    expect(inlineElementTexts(PAGE)).toEqual([STYLE, SCRIPT]);
  });

  it('include empty ones', () => {
    expect(inlineElementTexts('<script></script><style></style>')).toEqual(['', '']);
  });
});

describe("a page's own policy", () => {
  const other = hash('not on this page');
  const csp = `default-src 'self'; img-src 'self' data:; script-src 'self' ${hash(SCRIPT)} ${other}; style-src 'self' ${other} ${hash(STYLE)}; style-src-attr 'unsafe-inline'; frame-ancestors 'none';`;

  it('keeps the hashes of the elements the page holds and drops the others', () => {
    expect(pagePolicy(csp, PAGE)).toBe(
      `default-src 'self'; img-src 'self' data:; script-src 'self' ${hash(SCRIPT)}; style-src 'self' ${hash(STYLE)}; style-src-attr 'unsafe-inline'; frame-ancestors 'none'`,
    );
  });

  it('drops every hash from a page without inline elements, keeping the other sources', () => {
    expect(pagePolicy(csp, '<p>plain</p>')).toBe(
      "default-src 'self'; img-src 'self' data:; script-src 'self'; style-src 'self'; style-src-attr 'unsafe-inline'; frame-ancestors 'none'",
    );
  });

  it('matches sha384 and sha512 sources by their own digest', () => {
    const policy = `script-src ${hash(SCRIPT, 'sha384')} ${hash('gone', 'sha512')} ${hash(SCRIPT, 'sha512')}`;
    expect(pagePolicy(policy, PAGE)).toBe(`script-src ${hash(SCRIPT, 'sha384')} ${hash(SCRIPT, 'sha512')}`);
  });

  it('leaves a policy without hashes as it is', () => {
    expect(pagePolicy("default-src 'none'; frame-ancestors 'none'", PAGE)).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});

describe('an on-demand page answer', () => {
  const csp = `script-src 'self' ${hash(SCRIPT)} ${hash('elsewhere')}`;

  it('gets its own policy, with its body, status and other headers unchanged', async () => {
    const headers = new Headers({ 'content-type': 'text/html; charset=utf-8', 'content-security-policy': csp, 'cache-control': 'public, max-age=0' });
    headers.append('set-cookie', 'a=1');
    headers.append('set-cookie', 'b=2');
    const answer = await withPagePolicy(new Response(PAGE, { status: 404, headers }));
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-security-policy')).toBe(`script-src 'self' ${hash(SCRIPT)}`);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=0');
    expect(answer.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(await answer.text()).toBe(PAGE);
  });

  it('is left alone when it is not HTML', async () => {
    const response = new Response('{}', { headers: { 'content-type': 'application/json', 'content-security-policy': csp } });
    expect(await withPagePolicy(response)).toBe(response);
  });
});
