/**
 * Display labels of the catalogue's enumerations (spec sections 3 and 9). Tiny and
 * dependency-free on purpose: islands import it, and src/shared/search.ts (which holds the
 * same values) pulls in zod.
 */

export const PRICING_MODEL_LABELS: Record<string, string> = {
  free: 'Free',
  one_time: 'One-time purchase',
  subscription: 'Subscription',
  freemium: 'Freemium',
};

export const TECHNICAL_LEVEL_LABELS: Record<string, string> = {
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
};

export const DEPLOYMENT_LABELS: Record<string, string> = {
  ready_to_use: 'Ready to use',
  minimal_setup: 'Minimal setup',
  technical_setup: 'Technical setup',
};

export const DELIVERY_LABELS: Record<string, string> = {
  file: 'File download',
  link: 'External link',
  text: 'Text and instructions',
  multiple: 'Files, link and text',
};

/** What a buyer receives, by delivery type (spec section 5, Content delivery). */
export function deliveryIncludes(type: string): string[] {
  switch (type) {
    case 'link':
      return ['An access link that opens in a new tab'];
    case 'text':
      return ['Copy-ready text shown right after you get it'];
    case 'multiple':
      return ['Downloadable files', 'An access link that opens in a new tab', 'Copy-ready text shown right after you get it'];
    default:
      return ['Downloadable files'];
  }
}

/** Formats listed for delivery (spec section 9). */
export const DELIVERY_FORMATS = ['ZIP', 'RAR', 'PDF', 'DOC', 'TXT', 'JSON', 'XML', 'CSV'] as const;
export const DELIVERY_IMAGE_FORMATS = ['JPG', 'PNG', 'WebP'] as const;

export function labelFor(labels: Record<string, string>, value: string | null | undefined): string {
  if (!value) return '';
  return labels[value] ?? value.replace(/[_-]+/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
}

export const STATUS_LABELS: Record<string, string> = { draft: 'Draft', published: 'Published', archived: 'Archived' };
