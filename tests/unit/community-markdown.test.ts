/**
 * The community's Markdown renderer (functions/_shared/markdown.ts, docs/decisions/035)
 * with hostile input: raw HTML and scripts are text, event handlers never become attributes,
 * javascript:, data: and protocol-relative URLs are not links, images only from our own blob
 * store, deep quote nesting and very long lines end well, and links carry rel="nofollow ugc noopener".
 */
import { describe, expect, it } from 'vitest';
import { isSafeHref, plainText, renderMarkdown } from '@/functions/_shared/markdown';

const ownImages = (src: string) => src.startsWith('/blobs/');
const render = (source: string, mentions: string[] = []) => renderMarkdown(source, { isOwnImage: ownImages, mentionHandles: new Set(mentions) });

/** No executable HTML: no script, style, iframe or event-handler attribute, no dangerous URL in an attribute. */
function expectInert(html: string) {
  expect(html).not.toMatch(/<(script|style|iframe|object|embed|svg|math|form|input|textarea|button|link|meta|base)\b/i);
  expect(html).not.toMatch(/<[^>]+\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/(href|src)\s*=\s*"\s*(javascript|vbscript|data|file):/i);
  expect(html).not.toMatch(/(href|src)\s*=\s*"\/\//i);
}

describe('hostile input', () => {
  it.each([
    ['a script tag', '<script>alert(1)</script>', '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>'],
    ['an event handler', '<img src=x onerror="alert(1)">', '<p>&lt;img src=x onerror="alert(1)"&gt;</p>'],
    ['an svg with onload', '<svg onload=alert(1)>', '<p>&lt;svg onload=alert(1)&gt;</p>'],
    // Shown as text; the URL inside it is linkified like any bare URL.
    [
      'an iframe',
      '<iframe src="https://evil.example"></iframe>',
      '<p>&lt;iframe src="<a href="https://evil.example" rel="nofollow ugc noopener">https://evil.example</a>"&gt;&lt;/iframe&gt;</p>',
    ],
    ['a javascript: link', '[click](javascript:alert(1))', '<p>[click](javascript:alert(1))</p>'],
    ['a mixed-case javascript: link', '[click](JaVaScRiPt:alert(1))', '<p>[click](JaVaScRiPt:alert(1))</p>'],
    ['an entity-encoded javascript: link', '[click](&#106;avascript:alert(1))', '<p>[click](javascript:alert(1))</p>'],
    [
      'a data: link',
      '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
      '<p>[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)</p>',
    ],
    ['a data: image', '![x](data:image/png;base64,iVBORw0KGgo=)', '<p>![x](data:image/png;base64,iVBORw0KGgo=)</p>'],
    ['a vbscript: link', '[click](vbscript:msgbox)', '<p>[click](vbscript:msgbox)</p>'],
    ['a protocol-relative link', '[click](//evil.example/x)', '<p>[click](//evil.example/x)</p>'],
    ['an autolink to javascript:', '<javascript:alert(1)>', '<p>&lt;javascript:alert(1)&gt;</p>'],
    ['a link title breaking out', '[a](https://ok.example "x\\" onmouseover=\\"alert(1))', null],
    ['html in a code span', '`<script>alert(1)</script>`', '<p><code>&lt;script&gt;alert(1)&lt;/script&gt;</code></p>'],
  ])('%s', (_name, source, expected) => {
    const html = render(source);
    expectInert(html);
    if (expected !== null) expect(html).toBe(expected);
  });

  it('keeps code blocks as escaped text with their language', () => {
    const html = render('```html\n<script>alert("x")</script>\n```');
    expect(html).toBe('<pre><code class="language-html">&lt;script&gt;alert("x")&lt;/script&gt;\n</code></pre>');
    // A language that is not a plain word does not become a class.
    expectInert(render('```js" onclick="alert(1)\nx\n```'));
    expect(render('```js" onclick="alert(1)\nx\n```')).not.toContain('onclick=');
  });

  it('gives every link rel="nofollow ugc noopener", site paths and fragments too', () => {
    expect(render('[docs](https://example.com/a?b=1&c=2) and https://bare.example')).toBe(
      '<p><a href="https://example.com/a?b=1&amp;c=2" rel="nofollow ugc noopener">docs</a> and <a href="https://bare.example" rel="nofollow ugc noopener">https://bare.example</a></p>',
    );
    expect(render('[home](/community) [top](#top)')).toBe(
      '<p><a href="/community" rel="nofollow ugc noopener">home</a> <a href="#top" rel="nofollow ugc noopener">top</a></p>',
    );
  });

  it('shows images from our blob store only; anyone else’s becomes a link', () => {
    expect(render('![chart](/blobs/images/u1/chart.webp)')).toBe(
      '<p><img src="/blobs/images/u1/chart.webp" alt="chart" loading="lazy" decoding="async" /></p>',
    );
    expect(render('![tracker](https://evil.example/pixel.png)')).toBe(
      '<p><a href="https://evil.example/pixel.png" rel="nofollow ugc noopener">tracker</a></p>',
    );
    expect(render('![x](javascript:alert(1))')).not.toMatch(/<img|<a/);
  });

  it('nests quotes to a bounded depth and never throws', () => {
    const html = render(`${'> '.repeat(5)}five deep`);
    expect(html.match(/<blockquote>/g)).toHaveLength(5);
    expect(html).toContain('five deep');
    const deep = render(`${'>'.repeat(10_000)} deep`);
    expect((deep.match(/<blockquote>/g) ?? []).length).toBeLessThanOrEqual(20);
    expectInert(deep);
    const lists = render(`${'- '.repeat(5000)}x`);
    expect((lists.match(/<ul>/g) ?? []).length).toBeLessThanOrEqual(20);
  });

  it('renders very long lines and 20,000 characters of emphasis runs quickly and intact', () => {
    const word = 'a'.repeat(20_000);
    expect(render(word)).toBe(`<p>${word}</p>`);
    const stars = '*a'.repeat(10_000);
    const started = performance.now();
    const html = render(stars);
    expect(performance.now() - started).toBeLessThan(5_000);
    expectInert(html);
    expect(render('[x]('.repeat(4000))).not.toContain('<a');
  });

  it('turns headings into bold paragraphs and keeps tables, lists and breaks', () => {
    expect(render('# Big title')).toBe('<p><strong>Big title</strong></p>');
    expect(render('| a | b |\n|---|---|\n| 1 | 2 |')).toContain('<table>');
    expect(render('line one\nline two')).toBe('<p>line one<br />\nline two</p>');
  });

  it('links mentions of existing handles only, never inside code or links', () => {
    expect(render('hi @ada and @ghost', ['ada'])).toBe('<p>hi <a href="/@ada" class="mention" rel="nofollow ugc noopener">@ada</a> and @ghost</p>');
    expect(render('`@ada` [@ada](https://x.example) mail ada@ada.example', ['ada'])).not.toContain('class="mention"');
  });
});

describe('isSafeHref and plainText', () => {
  it('accepts http(s), mailto, site paths and fragments only', () => {
    for (const ok of ['https://a.example', 'http://a.example/x', 'mailto:a@b.example', '/community', '#x']) expect(isSafeHref(ok), ok).toBe(true);
    for (const bad of ['javascript:x', 'data:text/html,x', '//evil.example', '/\\evil.example', 'ftp://x', 'https://a b', 'vbscript:x'])
      expect(isSafeHref(bad), bad).toBe(false);
  });
  it('gives the text of a post, cut with an ellipsis', () => {
    expect(plainText('**Bold** and `code` <b>raw</b>\n\n> quoted')).toBe('Bold and code <b>raw</b> quoted');
    expect(plainText('x'.repeat(300), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
