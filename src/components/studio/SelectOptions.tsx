/**
 * Choices for a <select>: the product statuses (the editor's Status, the list's filter) and
 * their <option>s. Apart from StudioInputs so that the product list, which loads before the
 * editor, does not pull the form library in with them.
 */
import { PRODUCT_STATUS_LABELS, PRODUCT_STATUSES } from '@/src/shared/domain';

export interface SelectOption {
  value: string;
  label: string;
}

/** The product statuses as choices (the editor's Status, the list's filter). */
export const PRODUCT_STATUS_OPTIONS: readonly SelectOption[] = PRODUCT_STATUSES.map((value) => ({ value, label: PRODUCT_STATUS_LABELS[value] }));

/** The <option>s of a list of choices. */
export function SelectOptions({ options }: { options: readonly SelectOption[] }) {
  return options.map((o) => (
    <option key={o.value} value={o.value}>
      {o.label}
    </option>
  ));
}
