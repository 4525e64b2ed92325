/**
 * Display helpers of the catalogue (spec sections 3, 5 and 9): what each delivery type
 * includes, the delivery formats, and the label of a value that may be outside an
 * enumeration. The enumerations and their labels are src/shared/domain.ts. Tiny and
 * dependency-free on purpose: islands import it.
 */

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
