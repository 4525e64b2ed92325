/**
 * What search engines and link previews read about a product page: the schema.org Product
 * (with its Offer, and an AggregateRating only when the product has a rating), the meta
 * description and the Open Graph image. Pure; used by ProductPage.astro; unit-tested.
 */
import type { PublicProduct } from '@/src/shared/products';
import { isRated } from '@/src/shared/format';
import { safeUrl } from './media';

export function productPath(id: string): string {
  return `/product/${encodeURIComponent(id)}`;
}

/** The meta description: the short description, else the start of the description. */
export function productMetaDescription(p: Pick<PublicProduct, 'title' | 'shortDescription' | 'description'>): string {
  const text = (p.shortDescription.trim() || p.description.trim() || p.title).replace(/\s+/g, ' ');
  return text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text;
}

/** The product image as an absolute URL, or undefined (the site's default image is used). */
export function productImage(p: Pick<PublicProduct, 'imageUrl' | 'featuredImageUrl'>, site: URL): string | undefined {
  const src = safeUrl(p.imageUrl) ?? safeUrl(p.featuredImageUrl);
  return src ? new URL(src, site).toString() : undefined;
}

export function productJsonLd(p: PublicProduct, site: URL): Record<string, unknown> {
  const url = new URL(productPath(p.id), site).toString();
  const image = productImage(p, site);
  const price = Number.isFinite(p.price) && p.price > 0 ? p.price : 0;
  const ld: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': url,
    name: p.title,
    description: productMetaDescription(p),
    sku: p.id,
    url,
    ...(image ? { image } : {}),
    brand: { '@type': 'Brand', name: p.creator.fullName },
    ...(p.tags.length ? { keywords: p.tags.join(', ') } : {}),
    offers: {
      '@type': 'Offer',
      url,
      price: price.toFixed(2),
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      seller: { '@type': 'Person', name: p.creator.fullName },
    },
  };
  // Only a rating with reviews behind it (issue 15): an unrated product has no AggregateRating.
  if (isRated(p.rating) && p.reviewCount > 0) {
    ld['aggregateRating'] = {
      '@type': 'AggregateRating',
      ratingValue: Number(p.rating.toFixed(1)),
      ratingCount: p.reviewCount,
      reviewCount: p.reviewCount,
      bestRating: 5,
      worstRating: 1,
    };
  }
  return ld;
}
