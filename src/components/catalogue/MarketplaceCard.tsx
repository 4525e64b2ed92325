/**
 * The marketplace card (spec section 2): image with the stock fallback, like toggle, rating
 * ('No ratings yet' without reviews), price ('Free' when zero or missing), title, short description, creator name
 * and 'Get Tool'; a bundle's 'Bundle' badge on the image (docs/decisions/080). Clicking it records a view, then the link opens the product page.
 * ProductCard.astro renders the same markup for static pages (styles: card.css).
 */
import { formatPrice, formatRating, isRated } from '@/src/shared/format';
import type { CardView } from './marketplace-query';
import { recordView } from './record-view';
import { FALLBACK_IMAGE } from '@/src/shared/fallback-image';

interface Props {
  product: CardView;
  toolLabel: string;
  liked: boolean;
  onToggleLike(productId: string): void;
  /** Load the image at once (the first card: likely the page's largest image); others load lazily. */
  eager?: boolean;
  priority?: boolean;
}

function HeartIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M20.84 4.61a5.5 5.5 0 0 0-7.78 0L12 5.67l-1.06-1.06a5.5 5.5 0 0 0-7.78 7.78l1.06 1.06L12 21.23l7.78-7.78 1.06-1.06a5.5 5.5 0 0 0 0-7.78z" />
    </svg>
  );
}

export function MarketplaceCard({ product, toolLabel, liked, onToggleLike, eager = false, priority = false }: Props) {
  const href = `/product/${encodeURIComponent(product.id)}`;
  const price = formatPrice(product.price, product.pricingModel, product.payWhatYouWant);
  const rating = formatRating(product.rating);
  const rated = isRated(product.rating);
  const onOpen = () => recordView(product.id);

  return (
    <article className="pcard">
      <div className="pcard-media">
        <img
          src={product.imageUrl || FALLBACK_IMAGE}
          alt=""
          width={600}
          height={400}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
          onError={(event) => {
            const img = event.currentTarget;
            if (!img.src.endsWith(FALLBACK_IMAGE)) img.src = FALLBACK_IMAGE;
          }}
        />
        {product.bundleItemCount > 0 ? (
          <span className="badge pcard-bundle">
            Bundle<span className="visually-hidden"> of {product.bundleItemCount} products</span>
          </span>
        ) : null}
        <button type="button" className="pcard-like" aria-pressed={liked} aria-label={`Like ${product.title}`} onClick={() => onToggleLike(product.id)}>
          <HeartIcon />
        </button>
      </div>
      <div className="pcard-body">
        <div className="pcard-meta">
          <span className="badge">{toolLabel}</span>
          <span className={rated ? 'pcard-rating' : 'pcard-rating is-unrated'}>
            {rated && <span aria-hidden="true">★</span>} {rating}
            {rated && <span className="visually-hidden"> out of 5 stars</span>}
          </span>
        </div>
        <h3 className="pcard-title">
          <a className="clamp" href={href} onClick={onOpen}>
            {product.title}
          </a>
        </h3>
        {product.shortDescription ? <p className="pcard-short clamp">{product.shortDescription}</p> : null}
        <p className="pcard-creator">
          by <strong>{product.creator.fullName}</strong>
        </p>
        <div className="pcard-foot">
          <span className={price === 'Free' ? 'pcard-price is-free' : 'pcard-price'}>{price}</span>
          <a className="btn btn-primary pcard-get" href={href} onClick={onOpen}>
            Get Tool<span className="visually-hidden">: {product.title}</span>
          </a>
        </div>
      </div>
    </article>
  );
}
