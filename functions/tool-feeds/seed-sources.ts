/**
 * The public changelog feeds of the built-in tools (docs/decisions/039, 043), seeded with the
 * reference data when CHANGELOG_SEED_SOURCES is on (the default; the test servers turn it off,
 * so no test fetches the internet). Only feeds the tools' makers publish:
 * - GitHub releases Atom feeds (https://github.com/{owner}/{repo}/releases.atom) of their public
 *   repositories: n8n, Zapier's platform, the Gemini CLI, DeepSeek-V3, Claude Code;
 * - Cursor's changelog RSS, the Copilot label of the GitHub Changelog, OpenAI's news RSS;
 * - Mintlify changelog pages, whose feed is the page's URL + /rss.xml (Mintlify's docs,
 *   'Subscribable changelogs'): Lovable's docs.lovable.dev/changelog and Bolt's release notes
 *   at support.bolt.new/release-notes;
 * - Midjourney's updates site, a Ghost blog, whose feed is /rss/.
 * Make, Stable Diffusion and Runway publish no changelog feed we could confirm (decision 043
 * says what was searched): their maintainers add one when there is.
 */
import type { Db } from '@/db/database';
import type { AiToolId } from '@/src/shared/ai-tool-ids';
import { getEnv } from '@/env';
import { insertSeedSources } from './tool-feeds.repository';
import { selectAllToolIds } from '../tools/tools.repository';

export const CHANGELOG_SEED_SOURCES: readonly { toolId: AiToolId; url: string }[] = [
  { toolId: 'n8n', url: 'https://github.com/n8n-io/n8n/releases.atom' },
  { toolId: 'zapier', url: 'https://github.com/zapier/zapier-platform/releases.atom' },
  { toolId: 'cursor', url: 'https://cursor.com/changelog/rss.xml' },
  { toolId: 'github-copilot', url: 'https://github.blog/changelog/label/copilot/feed/' },
  { toolId: 'gemini', url: 'https://github.com/google-gemini/gemini-cli/releases.atom' },
  { toolId: 'chatgpt', url: 'https://openai.com/news/rss.xml' },
  { toolId: 'deepseek', url: 'https://github.com/deepseek-ai/DeepSeek-V3/releases.atom' },
  { toolId: 'claude', url: 'https://github.com/anthropics/claude-code/releases.atom' },
  { toolId: 'lovable', url: 'https://docs.lovable.dev/changelog/rss.xml' },
  { toolId: 'bolt', url: 'https://support.bolt.new/release-notes/rss.xml' },
  { toolId: 'midjourney', url: 'https://updates.midjourney.com/rss/' },
];

/**
 * Inserts the seed sources of the tools that exist (once: a source a maintainer removed is not
 * inserted again). Nothing when CHANGELOG_SEED_SOURCES=off.
 */
export async function seedChangelogSources(db: Db, options: { force?: boolean } = {}): Promise<number> {
  if (!options.force && getEnv().CHANGELOG_SEED_SOURCES === 'off') return 0;
  const tools = new Set(await selectAllToolIds(db));
  return insertSeedSources(
    db,
    CHANGELOG_SEED_SOURCES.filter((s) => tools.has(s.toolId)),
  );
}
