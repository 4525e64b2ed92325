/**
 * The onboarding questions (route /onboarding) and the local flags of spec section 3.
 * Isomorphic: the island renders the options, functions/profiles validates against them.
 */
import { CATEGORIES } from './categories';

export const INTEREST_OPTIONS: readonly { id: string; label: string }[] = [
  ...CATEGORIES.map((c) => ({ id: c.id, label: c.name })),
  { id: 'ai-agents', label: 'AI agents' },
  { id: 'automation', label: 'Workflow automation' },
  { id: 'prompts', label: 'Prompt engineering' },
  { id: 'no-code', label: 'No-code apps' },
];

export const INTEREST_IDS = INTEREST_OPTIONS.map((o) => o.id);

export const SPECIALTY_SUGGESTIONS: readonly string[] = [
  'Prompt engineering',
  'n8n workflows',
  'Zapier automations',
  'Custom GPTs',
  'AI agents',
  'Chatbots',
  'Image generation',
  'Video generation',
  'Voice AI',
  'Data analytics',
  'Web apps',
  'Copywriting',
];

export const MAX_SPECIALTIES = 10;
export const SPECIALTY_MAX_LENGTH = 40;
export const BIO_MAX_LENGTH = 500;

/** localStorage keys (spec section 3): each flag holds the string 'true'. */
export const LOCAL_FLAGS = {
  visited: 'toolmint_visited',
  onboardingCompleted: 'onboarding_completed',
  onboardingSkipped: 'onboarding_skipped',
  onboardingData: 'onboarding_data',
} as const;
