/** isPlaceholderUrl: the reserved and placeholder hosts a delivery link may not point at. */
import { describe, expect, it } from 'vitest';
import { isPlaceholderUrl } from '@/src/shared/placeholder-hosts';

describe('isPlaceholderUrl', () => {
  it.each([
    'https://example.com/x',
    'https://shipfastlabs.example.com/starters/a',
    'http://EXAMPLE.ORG.',
    'https://docs.example.net/guide',
    'https://shop.test/get',
    'https://thing.invalid',
    'https://site.example',
    'http://localhost:3000/file',
    'https://via.placeholder.com/150',
    'https://placehold.co/600x400',
    'not a url',
    '',
  ])('%s leads nowhere', (url) => expect(isPlaceholderUrl(url)).toBe(true));

  it.each([
    'https://github.com/github/awesome-copilot',
    'https://docs.n8n.io/',
    'https://www.example-tools.com/',
    'https://examples.dev/',
    'https://testing.io/',
  ])('%s is a real address', (url) => expect(isPlaceholderUrl(url)).toBe(false));
});
