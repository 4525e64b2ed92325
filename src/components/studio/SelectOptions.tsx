/**
 * Choices for a <select>: the product statuses (the editor's Status, the list's filter) and
 * their <option>s. Apart from StudioInputs so that the product list, which loads before the
 * editor, does not pull the form library in with them.
 */
import { CREATOR_PRODUCT_STATUSES, isOneOf, PRODUCT_STATUS_LABELS, PRODUCT_STATUSES, REVIEW_PRODUCT_STATUSES } from '@/src/shared/domain';

export interface SelectOption {
  value: string;
  label: string;
}

/** The product statuses as choices (the editor's Status, the list's filter). */
export const PRODUCT_STATUS_OPTIONS: readonly SelectOption[] = PRODUCT_STATUSES.map((value) => ({ value, label: PRODUCT_STATUS_LABELS[value] }));

/**
 * The editor's Status: what a creator chooses (draft, published, archived), and the product's
 * review status while it has one, so 'In review' or 'Not approved' reads as it is; saving it
 * unchanged keeps it, Published submits it again (docs/decisions/031).
 */
export function editorStatusOptions(current: string | undefined): SelectOption[] {
  const values: string[] = [...CREATOR_PRODUCT_STATUSES];
  if (isOneOf(REVIEW_PRODUCT_STATUSES, current)) values.splice(1, 0, current);
  return values.map((value) => ({ value, label: isOneOf(PRODUCT_STATUSES, value) ? PRODUCT_STATUS_LABELS[value] : value }));
}

/** The <option>s of a list of choices. */
export function SelectOptions({ options }: { options: readonly SelectOption[] }) {
  return options.map((o) => (
    <option key={o.value} value={o.value}>
      {o.label}
    </option>
  ));
}
