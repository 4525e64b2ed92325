/**
 * schema.org BreadcrumbList (https://schema.org/BreadcrumbList) for a page that shows breadcrumbs
 * (issue 32): the same trail, in the same order, as absolute URLs. The last item, the page itself,
 * carries no `item` (Google's guidance: the current page may omit it).
 */
export interface Crumb {
  name: string;
  /** Site-relative path; omitted for the current page. */
  path?: string;
}

export function breadcrumbJsonLd(crumbs: readonly Crumb[], site: URL | string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.name,
      ...(crumb.path ? { item: new URL(crumb.path, site).toString() } : {}),
    })),
  };
}
