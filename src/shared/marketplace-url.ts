/**
 * The marketplace URL the home hero search and the quiz open (spec section 2, Home):
 * `search` only when non-empty, the `category`, and `budget` unless 'Any price'.
 *
 * Isomorphic and dependency-free: the landing page's inline script, the e2e tests and the
 * marketplace (which reads the same parameter values back) share these constants.
 */
import { CATEGORY_IDS, isOneOf } from './domain';

export const BUDGET_OPTIONS = [
  { value: 'any', label: 'Any price' },
  { value: 'free', label: 'Free tools' },
  { value: 'under-50', label: 'Under $50' },
  { value: '50-100', label: '$50 - $100' },
  { value: '100-plus', label: '$100+' },
] as const;

export type BudgetValue = (typeof BUDGET_OPTIONS)[number]['value'];

/** The values the marketplace accepts in `budget` ('any' is never sent). */
export const BUDGET_FILTER_VALUES = BUDGET_OPTIONS.map((o) => o.value).filter((v) => v !== 'any') as Exclude<BudgetValue, 'any'>[];

function isBudgetValue(value: string): value is BudgetValue {
  return BUDGET_OPTIONS.some((o) => o.value === value);
}

export interface MarketplaceQuery {
  search?: string | null;
  category?: string | null;
  budget?: string | null;
}

/**
 * '/marketplace' plus the query, parameters in the order search, category, budget.
 * Search is trimmed and dropped when blank; unknown categories and budgets (and 'any')
 * are dropped rather than sent, so the marketplace never receives a value it would reject.
 */
export function buildMarketplaceUrl(query: MarketplaceQuery): string {
  const params = new URLSearchParams();
  const search = query.search?.trim();
  if (search) params.set('search', search);
  if (isOneOf(CATEGORY_IDS, query.category)) params.set('category', query.category);
  if (query.budget && query.budget !== 'any' && isBudgetValue(query.budget)) params.set('budget', query.budget);
  const qs = params.toString();
  return qs ? `/marketplace?${qs}` : '/marketplace';
}
