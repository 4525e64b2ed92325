/**
 * Valid request bodies shared by the route examples (tests/support/route-examples.ts) and by
 * tests that need a valid product or tool (licenses, webhooks): each call is unique where the
 * API refuses duplicates. Also the product form's spec-lenient and nullable fields, which the
 * hostile suite may see stored.
 */
import { randomBytes } from 'node:crypto';

/** A fresh address: sign-ups and invitations refuse one already in use. */
export const email = () => `hostile-${randomBytes(5).toString('hex')}@example.com`;

/** A valid tool submission; each call names its own tool and site (duplicates are refused, docs/decisions/038). */
export const toolExample = () => {
  const tag = randomBytes(5).toString('hex');
  return {
    name: `Tool ${tag}`,
    officialSite: `https://tool-${tag}.com`,
    category: 'AI Assistant',
    description: 'An assistant that answers questions with citations.',
    longDescription: 'It answers questions with a short written answer and numbered citations, searching the web in real time, and asks follow-ups.',
    pricing: 'Free; Pro $20/month',
    platforms: ['Web', 'iOS'],
    documentationUrl: `https://docs.tool-${tag}.com`,
    githubUrl: null,
    changelogSources: [`https://tool-${tag}.com/changelog.rss`],
  };
};

/** A valid published product; each call has its own title (a second listing with nearly the same title is refused, docs/decisions/031). */
export const productExample = () => ({
  title: `Cold email sequences for SaaS founders ${randomBytes(5).toString('hex')}`,
  description:
    'Twelve proven cold email sequences with subject lines, follow-ups and a reply-tracking sheet, written for SaaS founders selling to small teams.',
  short_description: 'Cold email sequences that get replies',
  status: 'published',
  price: 19,
  category_id: 'business',
  tags: ['email', 'sales'],
  demo_url: 'https://example.com/demo',
  image_url: 'https://example.com/cover.png',
  additional_images: ['https://example.com/one.png'],
  ai_tool_type: 'chatgpt',
  content_type: 'content-creation',
  pricing_model: 'one_time',
  technical_level: 'beginner',
  deployment_type: 'ready_to_use',
  compatibility_tags: ['Gmail'],
  use_cases: ['Outbound sales'],
  required_skills: ['Writing'],
  output_types: ['Text'],
  integration_complexity: 2,
  success_rate: 90,
  avg_setup_time: 10,
  content_delivery_type: 'text',
  content_text: 'Sequence 1: the problem-first opener.\nSequence 2: the case-study follow-up.',
  download_instructions: 'Copy the sequences into your email tool.',
  demo_links: [{ id: 'demo-1', type: 'live_demo', url: 'https://example.com/live', title: 'Live demo', description: 'Try it' }],
  access_requirements: { accounts: 'A Gmail account' },
});

/** The spec's lenient product fields (src/shared/product-schema.ts): an unparseable price or setup time is 0. */
export const PRODUCT_LENIENT = ['price', 'avg_setup_time'];
/**
 * POST and PUT read `null` as absent (docs/decisions/024): an optional field is then empty,
 * a field with a default takes it.
 */
export const PRODUCT_NULLABLE = [
  'short_description',
  'status',
  'category_id',
  'demo_url',
  'download_url',
  'image_url',
  'featured_image_url',
  'video_demo_url',
  'ai_tool_type',
  'content_type',
  'pricing_model',
  'technical_level',
  'deployment_type',
  'integration_complexity',
  'success_rate',
  'avg_setup_time',
  'content_text',
  'download_instructions',
];
