// ---------------------------------------------------------------------------
// Products (spec sections 3, 5 and 9)
// ---------------------------------------------------------------------------

/**
 * A product's status; only 'published' is public (functions/catalogue/catalogue.repository.ts).
 * 'in_review': a new creator's product waiting for an administrator before it is public;
 * 'rejected': refused there, with a reason its creator reads (docs/decisions/031).
 */
export const PRODUCT_STATUSES = ['draft', 'in_review', 'rejected', 'published', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const PRODUCT_STATUS_LABELS: Record<ProductStatus, string> = {
  draft: 'Draft',
  in_review: 'In review',
  rejected: 'Not approved',
  published: 'Published',
  archived: 'Archived',
};
/**
 * The statuses a creator chooses between. The review's own statuses are set by the server: a
 * save asking for 'published' answers 'in_review' while the creator's products are reviewed.
 */
export const CREATOR_PRODUCT_STATUSES = ['draft', 'published', 'archived'] as const satisfies readonly ProductStatus[];
/** The statuses of the review queue (docs/decisions/031). */
export const REVIEW_PRODUCT_STATUSES = ['in_review', 'rejected'] as const satisfies readonly ProductStatus[];
/** What an administrator's decision leaves a product in review: published (approved), or rejected. */
export const REVIEW_DECISION_STATUSES = ['published', 'rejected'] as const satisfies readonly ProductStatus[];

/** The six marketplace categories; their names and copy are src/shared/categories.ts. */
export const CATEGORY_IDS = ['content', 'design', 'audio', 'business', 'video', 'tech'] as const;
export type CategoryId = (typeof CATEGORY_IDS)[number];

/** Content types (spec section 3); the legacy ids they replaced are src/shared/search.ts. */
export const CONTENT_TYPE_IDS = [
  'code-development',
  'chat-bots',
  'ai-assistants',
  'content-creation',
  'prompts-templates',
  'voice-audio',
  'video-animation',
  'design-assets',
  'data-analytics',
  'ai-agents',
  'web-saas',
  'mobile-apps',
  'ai-models',
  'security',
  'workflow-automation',
] as const;
export type ContentTypeId = (typeof CONTENT_TYPE_IDS)[number];
export const CONTENT_TYPE_LABELS: Record<ContentTypeId, string> = {
  'code-development': 'Code & Development',
  'chat-bots': 'Chatbots',
  'ai-assistants': 'AI Assistants',
  'content-creation': 'Content Creation',
  'prompts-templates': 'Prompts & Templates',
  'voice-audio': 'Voice & Audio',
  'video-animation': 'Video & Animation',
  'design-assets': 'Design Assets',
  'data-analytics': 'Data & Analytics',
  'ai-agents': 'AI Agents',
  'web-saas': 'Web Apps & SaaS',
  'mobile-apps': 'Mobile Apps',
  'ai-models': 'AI Models',
  security: 'Security',
  'workflow-automation': 'Workflow Automation',
};

export const PRICING_MODELS = ['free', 'one_time', 'subscription', 'freemium'] as const;
export type PricingModel = (typeof PRICING_MODELS)[number];
export const PRICING_MODEL_LABELS: Record<PricingModel, string> = {
  free: 'Free',
  one_time: 'One-time purchase',
  subscription: 'Subscription',
  freemium: 'Freemium',
};

export const TECHNICAL_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export type TechnicalLevel = (typeof TECHNICAL_LEVELS)[number];
export const TECHNICAL_LEVEL_LABELS: Record<TechnicalLevel, string> = { beginner: 'Beginner', intermediate: 'Intermediate', advanced: 'Advanced' };

export const DEPLOYMENT_TYPES = ['ready_to_use', 'minimal_setup', 'technical_setup'] as const;
export type DeploymentType = (typeof DEPLOYMENT_TYPES)[number];
export const DEPLOYMENT_TYPE_LABELS: Record<DeploymentType, string> = {
  ready_to_use: 'Ready to use',
  minimal_setup: 'Minimal setup',
  technical_setup: 'Technical setup',
};

/** How a buyer receives the product (src/shared/delivery.ts says what each delivers). */
export const DELIVERY_TYPES = ['file', 'link', 'text', 'multiple'] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];
export const DELIVERY_TYPE_LABELS: Record<DeliveryType, string> = {
  file: 'File download',
  link: 'External link',
  text: 'Text and instructions',
  multiple: 'Files, link and text',
};
/** The editor's choice cards: what the creator picks between (spec section 5, Content delivery). */
export const DELIVERY_TYPE_CHOICES: Record<DeliveryType, { title: string; text: string }> = {
  file: { title: 'File upload', text: 'Buyers download files you upload.' },
  link: { title: 'External link', text: 'Buyers get a link to your tool or download.' },
  text: { title: 'Text instructions', text: 'Buyers get text: a prompt, steps or a license key.' },
  multiple: { title: 'Multiple', text: 'Files, a link and text together.' },
};

export const DEMO_LINK_TYPES = ['video_demo', 'live_demo', 'source_code', 'documentation', 'tutorial', 'api_reference'] as const;
export type DemoLinkType = (typeof DEMO_LINK_TYPES)[number];
/** One link's type, as the editor offers it. */
export const DEMO_LINK_TYPE_LABELS: Record<DemoLinkType, string> = {
  video_demo: 'Video demo',
  live_demo: 'Live demo',
  source_code: 'Source code',
  documentation: 'Documentation',
  tutorial: 'Tutorial',
  api_reference: 'API reference',
};
/** The heading of a group of links of one type on the product page. */
export const DEMO_LINK_GROUP_HEADINGS: Record<DemoLinkType, string> = {
  video_demo: 'Video demos',
  live_demo: 'Live demos',
  source_code: 'Source code',
  documentation: 'Documentation',
  tutorial: 'Tutorials',
  api_reference: 'API reference',
};

/** Spec section 3, access_requirements (object): what a buyer needs to run the product. */
export const ACCESS_REQUIREMENT_KEYS = ['accounts', 'api_keys', 'hardware', 'other'] as const;
export type AccessRequirementKey = (typeof ACCESS_REQUIREMENT_KEYS)[number];
export const ACCESS_REQUIREMENT_LABELS: Record<AccessRequirementKey, string> = {
  accounts: 'Accounts needed',
  api_keys: 'API keys or credentials',
  hardware: 'Hardware or hosting',
  other: 'Other requirements',
};

/**
 * A new product's defaults (spec section 9), for the product schema, the editor's empty form
 * and the catalogue's fallbacks (the migration's column defaults are the same values).
 */
export const PRODUCT_DEFAULTS = {
  status: 'draft',
  pricingModel: 'one_time',
  technicalLevel: 'beginner',
  deploymentType: 'ready_to_use',
  deliveryType: 'file',
} as const satisfies {
  status: ProductStatus;
  pricingModel: PricingModel;
  technicalLevel: TechnicalLevel;
  deploymentType: DeploymentType;
  deliveryType: DeliveryType;
};

/** How a product was obtained (downloads.download_type): free, or paid for. */
export const DOWNLOAD_TYPES = ['free', 'paid'] as const;
export type DownloadType = (typeof DOWNLOAD_TYPES)[number];

/** What a product_interactions row records (the creator analytics count views). */
export const INTERACTION_TYPES = ['view', 'preview'] as const;
export type InteractionType = (typeof INTERACTION_TYPES)[number];
