/**
 * The home page's search forms (the hero's, the category quiz's) lead to the marketplace
 * filtered by what they hold: the search words, the category and the budget fields, in the
 * marketplace's own URL form (buildMarketplaceUrl). Browser only.
 */
import { buildMarketplaceUrl } from '@/src/shared/marketplace-url';

export function submitToMarketplace(form: HTMLFormElement): void {
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const data = new FormData(form);
    window.location.assign(
      buildMarketplaceUrl({
        search: String(data.get('search') ?? ''),
        category: String(data.get('category') ?? ''),
        budget: String(data.get('budget') ?? 'any'),
      }),
    );
  });
}
