/**
 * The marketplace's controls (MarketplaceSearch holds their values): the search box, the
 * 'Filters (n)' toggle with its panel of selects (category, type, budget, AI tool, pricing
 * model, technical level), and the sort with 'Clear filters'.
 */
import { useState } from 'react';
import { countPanelFilters, isDefaultQuery, SEARCH_MAX_LENGTH, type MarketplaceFilters } from './marketplace-query';

export interface Option {
  value: string;
  label: string;
}

/** One filter select: its URL key, label, 'any' option and options (grouped when `group` is set). */
export interface FilterDefinition {
  key: Exclude<keyof MarketplaceFilters, 'search' | 'sort'>;
  label: string;
  any: string;
  groups: { group?: string; options: Option[] }[];
}

export function SearchForm({ text, onInput, onSearch }: { text: string; onInput(value: string): void; onSearch(value: string): void }) {
  return (
    <form
      className="mk-search"
      role="search"
      aria-label="Search the marketplace"
      action="/marketplace"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text);
      }}
    >
      <svg className="mk-search-icon" width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zm9 16-3.5-3.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <input
        type="search"
        name="search"
        value={text}
        maxLength={SEARCH_MAX_LENGTH}
        onChange={(e) => onInput(e.currentTarget.value)}
        placeholder="Search prompts, automations, agents, templates..."
        aria-label="Search products"
        autoComplete="off"
      />
      <button type="submit" className="btn btn-primary">
        Search
      </button>
    </form>
  );
}

function ClearFilters({ filters, className, onClear }: { filters: MarketplaceFilters; className: string; onClear(): void }) {
  return isDefaultQuery(filters) ? null : (
    <button type="button" className={className} onClick={onClear}>
      Clear filters
    </button>
  );
}

interface PanelProps {
  definitions: FilterDefinition[];
  filters: MarketplaceFilters;
  onFilter(key: keyof MarketplaceFilters, value: string): void;
  onClear(): void;
}

/** 'Filters (n)' opens the panel on a narrow screen; on a wide one the panel always shows. */
export function FilterPanel({ definitions, filters, onFilter, onClear }: PanelProps) {
  const [open, setOpen] = useState(false);
  const count = countPanelFilters(filters);
  return (
    <>
      <button type="button" className="btn btn-secondary mk-filters-toggle" aria-expanded={open} aria-controls="mk-filters" onClick={() => setOpen(!open)}>
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M4 6h16M7 12h10M10 18h4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        Filters{count ? ` (${count})` : ''}
      </button>
      <div id="mk-filters" className={open ? 'mk-filters open' : 'mk-filters'}>
        {definitions.map((d) => (
          <label className="mk-field" key={d.key}>
            <span>{d.label}</span>
            <select value={filters[d.key]} onChange={(e) => onFilter(d.key, e.currentTarget.value)}>
              <option value="">{d.any}</option>
              {d.groups.map((g) => {
                const options = g.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ));
                return g.group ? (
                  <optgroup key={g.group} label={g.group}>
                    {options}
                  </optgroup>
                ) : (
                  options
                );
              })}
            </select>
          </label>
        ))}
        <ClearFilters filters={filters} className="btn btn-secondary mk-panel-clear" onClear={onClear} />
      </div>
    </>
  );
}

/** 'Sort by': Relevance only for a search; the default (relevance or newest) is kept out of the URL. */
export function SortBar({ sorts, filters, onFilter, onClear }: { sorts: Option[] } & Omit<PanelProps, 'definitions'>) {
  const defaultSort = filters.search ? 'relevance' : 'newest';
  return (
    <div className="mk-bar-end">
      <ClearFilters filters={filters} className="btn btn-ghost mk-clear" onClear={onClear} />
      <label className="mk-sort">
        <span>Sort by</span>
        <select value={filters.sort || defaultSort} onChange={(e) => onFilter('sort', e.currentTarget.value === defaultSort ? '' : e.currentTarget.value)}>
          {sorts.map((o) => (
            <option key={o.value} value={o.value} disabled={o.value === 'relevance' && !filters.search}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
