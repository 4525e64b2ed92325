import { describe, expect, it } from 'vitest';
import { SEED_AI_TOOLS as AI_TOOLS } from '@/db/seed/ai-tools-data';

const findAiTool = (id: string) => AI_TOOLS.find((t) => t.id === id);
import { TOOL_DETAIL_IDS } from '@/src/shared/ai-tool-ids';
import { plural, summarizeTool, toolDetailsHref, toolJsonLd, toolMarketplaceHref } from '@/src/shared/tool-pages';

const chatgpt = findAiTool('chatgpt')!;
const n8n = findAiTool('n8n')!;

describe('summarizeTool', () => {
  it('takes counts, the newer update date and the maintainer from the database figures', () => {
    const summary = summarizeTool(n8n, { productCount: 6, followerCount: 3, latestUpdateAt: '2026-11-20T10:00:00.000Z', maintainerName: 'n8n Team' });
    expect(summary).toEqual({ productCount: 6, followerCount: 3, latestUpdate: '2026-11-20T10:00:00.000Z', isClaimed: true, maintainer: 'n8n Team' });
  });
  it("keeps the tool's own release date when the newest update is older", () => {
    expect(summarizeTool(n8n, { productCount: 0, followerCount: 0, latestUpdateAt: '2025-01-01T00:00:00.000Z', maintainerName: null }).latestUpdate).toBe(
      n8n.lastUpdate,
    );
  });
  it('treats the database row as the live claim: no maintainer there means not claimed', () => {
    const summary = summarizeTool(n8n, { productCount: 1, followerCount: 0, latestUpdateAt: null, maintainerName: null });
    expect(summary.isClaimed).toBe(false);
    expect(summary.maintainer).toBeNull();
  });
  it('falls back to the static data and zero counts when the tool has no figures', () => {
    expect(summarizeTool(n8n, undefined)).toEqual({ productCount: 0, followerCount: 0, latestUpdate: n8n.lastUpdate, isClaimed: true, maintainer: 'n8n Team' });
    expect(summarizeTool(chatgpt, undefined).isClaimed).toBe(chatgpt.isClaimed);
  });
});

describe('links', () => {
  it("'View Details' opens the detail page for the six detail tools and the landing page otherwise", () => {
    for (const tool of AI_TOOLS) {
      expect(toolDetailsHref(tool)).toBe(TOOL_DETAIL_IDS.includes(tool.id as never) ? `/tools/${tool.id}` : `/tools/${tool.id}/landing`);
    }
    expect(toolDetailsHref(findAiTool('make')!)).toBe('/tools/make/landing');
  });
  it('filters the marketplace by tool', () => {
    expect(toolMarketplaceHref('github-copilot')).toBe('/marketplace?tool=github-copilot');
  });
});

describe('toolJsonLd', () => {
  it('describes the tool as a schema.org SoftwareApplication', () => {
    const ld = toolJsonLd(chatgpt, 'https://toolmint.example/tools/chatgpt');
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'SoftwareApplication',
      name: 'ChatGPT',
      applicationCategory: 'ProductivityApplication',
      url: chatgpt.officialSite,
      mainEntityOfPage: 'https://toolmint.example/tools/chatgpt',
    });
    expect(ld['sameAs']).toContain(chatgpt.documentation);
  });
});

describe('plural', () => {
  it('counts in words', () => {
    expect(plural(1, 'follower')).toBe('1 follower');
    expect(plural(0, 'follower')).toBe('0 followers');
    expect(plural(1200, 'product')).toBe('1,200 products');
  });
});
