/**
 * The public changelog feeds of the built-in tools (docs/decisions/039), seeded with the
 * reference data when CHANGELOG_SEED_SOURCES is on (the default; the test servers turn it off,
 * so no test fetches the internet). Only feeds the tools' makers publish: GitHub releases
 * Atom feeds (https://github.com/{owner}/{repo}/releases.atom) of their public repositories,
 * Cursor's changelog RSS, the Copilot label of the GitHub Changelog and OpenAI's news RSS.
 * Make, Lovable, Bolt, Midjourney, Stable Diffusion and Runway publish no changelog feed we
 * could confirm: their maintainers add one when there is.
 */
import type { Db } from '@/db/database';
import type { AiToolId } from '@/src/shared/ai-tool-ids';
import { getEnv } from '../_shared/env';
import { insertSeedSources } from './tool-feeds.repository';

export const CHANGELOG_SEED_SOURCES: readonly { toolId: AiToolId; url: string }[] = [
  { toolId: 'n8n', url: 'https://github.com/n8n-io/n8n/releases.atom' },
  { toolId: 'zapier', url: 'https://github.com/zapier/zapier-platform/releases.atom' },
  { toolId: 'cursor', url: 'https://cursor.com/changelog/rss.xml' },
  { toolId: 'github-copilot', url: 'https://github.blog/changelog/label/copilot/feed/' },
  { toolId: 'gemini', url: 'https://github.com/google-gemini/gemini-cli/releases.atom' },
  { toolId: 'chatgpt', url: 'https://openai.com/news/rss.xml' },
  { toolId: 'deepseek', url: 'https://github.com/deepseek-ai/DeepSeek-V3/releases.atom' },
  { toolId: 'claude', url: 'https://github.com/anthropics/claude-code/releases.atom' },
];

/**
 * Inserts the seed sources of the tools that exist (once: a source a maintainer removed is not
 * inserted again). Nothing when CHANGELOG_SEED_SOURCES=off.
 */
export async function seedChangelogSources(db: Db, options: { force?: boolean } = {}): Promise<number> {
  if (!options.force && getEnv().CHANGELOG_SEED_SOURCES === 'off') return 0;
  const tools = new Set((await db.selectFrom('ai_tools').select('id').execute()).map((t) => t.id));
  return insertSeedSources(
    db,
    CHANGELOG_SEED_SOURCES.filter((s) => tools.has(s.toolId)),
  );
}
