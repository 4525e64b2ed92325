/**
 * Synthetic products for scale tests and benchmarks (`npm run seed:synthetic -- N`):
 * believable titles, descriptions and tags composed from the catalogue's vocabulary,
 * spread over creators, categories, content types, tools, prices and dates. Images reuse
 * the demo images already in storage, so 100k products cost no image rendering.
 * Deterministic for a given N and offset.
 */
import { sql } from 'kysely';
import type { Db } from '../database';
import { AI_TOOL_NAMES, AI_TOOL_TYPE_VALUES, CUSTOM_AI_TOOL_VALUE, type AiToolTypeValue } from '@/src/shared/ai-tool-ids';
import { DELIVERY_TYPES, TECHNICAL_LEVELS, type CategoryId, type ContentTypeId } from '@/src/shared/domain';

const TOOLS = AI_TOOL_TYPE_VALUES;
/** The tool's name in a title; a custom tool's products are just 'AI …'. */
const toolName = (tool: AiToolTypeValue) => (tool === CUSTOM_AI_TOOL_VALUE ? 'AI' : AI_TOOL_NAMES[tool].name);
const TYPES: [ContentTypeId, CategoryId, string[]][] = [
  ['workflow-automation', 'business', ['Workflow', 'Automation', 'Pipeline', 'Sync']],
  ['chat-bots', 'business', ['Chatbot', 'Support Bot', 'FAQ Bot', 'Concierge']],
  ['ai-assistants', 'content', ['Assistant', 'Copilot', 'Helper', 'Advisor']],
  ['content-creation', 'content', ['Content Kit', 'Blog Writer', 'Newsletter System', 'Caption Pack']],
  ['prompts-templates', 'content', ['Prompt Pack', 'Prompt Library', 'Template Set', 'Playbook']],
  ['voice-audio', 'audio', ['Voice Agent', 'Podcast Toolkit', 'Audio Cleanup', 'Voiceover Kit']],
  ['video-animation', 'video', ['Video Generator', 'Storyboard Kit', 'Shorts Pipeline', 'Animation Pack']],
  ['design-assets', 'design', ['Style Pack', 'Moodboard System', 'Icon Set', 'Brand Kit']],
  ['data-analytics', 'tech', ['Dashboard', 'Data Pipeline', 'Report Builder', 'Analytics Kit']],
  ['ai-agents', 'business', ['Agent', 'Research Agent', 'Sales Agent', 'Ops Agent']],
  ['web-saas', 'tech', ['SaaS Starter', 'Landing Page Kit', 'Web App Template', 'Admin Panel']],
  ['mobile-apps', 'tech', ['Mobile App Kit', 'iOS Template', 'Android Starter', 'App Prototype']],
  ['ai-models', 'tech', ['Fine-tune Dataset', 'LoRA Pack', 'Model Card Kit', 'Embedding Set']],
  ['security', 'tech', ['Security Audit', 'Prompt Injection Guard', 'Policy Pack', 'Threat Model']],
  ['code-development', 'tech', ['Code Review Rules', 'Refactoring Prompts', 'Test Generator', 'CLI Toolkit']],
];
const SUBJECTS = [
  'Lead Enrichment',
  'Customer Support',
  'Invoice Processing',
  'Social Media',
  'SEO',
  'Onboarding',
  'Recruiting',
  'E-commerce',
  'Real Estate',
  'Legal Review',
  'Sales Outreach',
  'Product Research',
  'Meeting Notes',
  'Email Triage',
  'Podcast',
  'YouTube',
  'Fitness Coaching',
  'Travel Planning',
  'Bookkeeping',
  'Market Research',
  'Churn Analysis',
  'Code Review',
  'Documentation',
  'Localization',
  'Competitor Tracking',
];
const BENEFITS = ['save hours every week', 'cut manual work in half', 'ship faster', 'improve response quality', 'grow revenue', 'reduce errors'];
const TAGS = [
  'ai',
  'automation',
  'productivity',
  'analytics',
  'ml',
  'nlp',
  'sales',
  'marketing',
  'support',
  'content',
  'design',
  'code',
  'data',
  'no-code',
  'templates',
];
const PRICES = [0, 0, 0, 4.99, 9, 12, 19, 24.5, 29, 39, 49, 59, 79, 99, 129, 199];

/** A small deterministic PRNG, so runs are comparable. */
function mulberry32(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function seedSynthetic(db: Db, count: number, onProgress?: (done: number) => void): Promise<number> {
  const creators = (await db.selectFrom('profiles').select('id').where('user_type', '=', 'creator').execute()).map((r) => r.id);
  if (!creators.length) throw new Error('No creators to own synthetic products: seed the demo data first (npm run db:seed).');
  const images = (await db.selectFrom('products').select('image_url').where('image_url', 'is not', null).limit(200).execute()).map((r) => r.image_url!);
  const offset = Number((await sql<{ n: string }>`select count(*) as n from products`.execute(db)).rows[0]?.n ?? 0);
  const random = mulberry32(offset + 1);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const now = Date.now();
  const batchSize = 500;
  let done = 0;
  while (done < count) {
    const rows = [];
    for (let i = 0; i < Math.min(batchSize, count - done); i++) {
      const [contentType, category, nouns] = pick(TYPES);
      const tool = pick(TOOLS);
      const subject = pick(SUBJECTS);
      const noun = pick(nouns);
      const price = pick(PRICES);
      const n = offset + done + i + 1;
      const title = `${toolName(tool)} ${subject} ${noun} #${n}`;
      const tags = [...new Set([pick(TAGS), pick(TAGS), pick(TAGS), 'ai'])];
      const downloads = Math.floor(random() ** 3 * 5000);
      rows.push({
        creator_id: pick(creators),
        title,
        short_description: `A ${noun.toLowerCase()} for ${subject.toLowerCase()} built with ${toolName(tool)}.`,
        description: `This ${noun.toLowerCase()} helps teams handle ${subject.toLowerCase()} with ${toolName(tool)}. Use it to ${pick(BENEFITS)} and ${pick(BENEFITS)}. It comes with setup notes and examples you can adapt in minutes.`,
        price,
        pricing_model: price === 0 ? ('free' as const) : ('one_time' as const),
        category_id: category,
        content_type: contentType,
        ai_tool_type: tool,
        status: random() < 0.92 ? ('published' as const) : ('draft' as const),
        tags,
        image_url: images.length ? pick(images) : null,
        technical_level: pick(TECHNICAL_LEVELS),
        content_delivery_type: pick(DELIVERY_TYPES),
        download_url: 'https://example.com/synthetic',
        content_text: 'Synthetic product content.',
        downloads_count: downloads,
        views_count: downloads * 3 + Math.floor(random() * 500),
        // No reviews behind them, so no rating (a product's rating only comes from its reviews: docs/decisions/029).
        rating: 0,
        created_at: new Date(now - Math.floor(random() * 400 * 86_400_000)),
      });
    }
    await db.insertInto('products').values(rows).execute();
    done += rows.length;
    onProgress?.(done);
  }
  return done;
}
