/**
 * Preview of one of the creator's products as buyers would see it: a full-screen overlay
 * (spec section 2) with the tabs Overview, Details, Creator and Reviews. Escape closes it,
 * the page behind does not scroll, and focus stays inside until it closes.
 */
import { useRef, useState } from 'react';
import { formatPrice } from '@/src/shared/format';
import { galleryItems, paragraphs, safeUrl } from '../catalogue/media';
import { FALLBACK_IMAGE } from '@/src/shared/products';
import { useModal } from './hooks';
import { CloseIcon } from './icons';
import {
  ACCESS_REQUIREMENT_LABELS,
  DELIVERY_TYPE_LABELS,
  DEMO_LINK_TYPE_LABELS,
  DEPLOYMENT_TYPE_LABELS,
  PRICING_MODEL_LABELS,
  PRODUCT_STATUS_LABELS,
  TECHNICAL_LEVEL_LABELS,
  type AccessRequirementKey,
} from '@/src/shared/domain';
import { fileNameOf } from './file-name';
import type { StudioCreator, StudioOptions, StudioProduct, StudioReviews } from './types';
import { statusTone } from '../ui/tones';

const TABS = ['Overview', 'Details', 'Creator', 'Reviews'] as const;
type Tab = (typeof TABS)[number];

/** A metric the creator has not set: buyers do not see it (issue 15). */
const NOT_SHOWN = 'Not set (not shown)';

interface Props {
  product: StudioProduct;
  creator: StudioCreator;
  reviews: StudioReviews;
  options: StudioOptions;
  onClose(): void;
  onEdit(id: string): void;
}

function Stars({ rating }: { rating: number }) {
  return (
    <span className="st-stars" role="img" aria-label={`${rating} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} aria-hidden="true" className={n <= Math.round(rating) ? 'is-on' : ''}>
          ★
        </span>
      ))}
    </span>
  );
}

function List({ title, items }: { title: string; items: string[] }) {
  if (!items.length) return null;
  return (
    <div className="st-pv-block">
      <h4>{title}</h4>
      <ul className="st-pv-tags row-list">
        {items.map((i) => (
          <li key={i}>{i}</li>
        ))}
      </ul>
    </div>
  );
}

export function ProductPreview({ product: p, creator, reviews, options, onClose, onEdit }: Props) {
  const [tab, setTab] = useState<Tab>('Overview');
  const [image, setImage] = useState(0);
  const ref = useRef<HTMLDivElement>(null);
  useModal(ref, true, onClose);

  const gallery = galleryItems({
    title: p.title,
    videoDemoUrl: null,
    imageUrl: p.image_url,
    featuredImageUrl: p.featured_image_url,
    additionalImages: p.additional_images,
  }).filter((g) => g.kind === 'image');
  const shown = gallery[Math.min(image, gallery.length - 1)];
  const categoryLabel = options.categories.find((c) => c.value === p.category_id)?.label;
  const toolLabel = options.aiTools.flatMap((g) => g.options).find((o) => o.value === p.ai_tool_type)?.label;
  const typeLabel = options.contentTypes.find((o) => o.value === p.content_type)?.label;
  const access = Object.entries(p.access_requirements ?? {}).filter(([, v]) => typeof v === 'string' && v) as [AccessRequirementKey, string][];

  const onTabKey = (event: React.KeyboardEvent) => {
    const index = TABS.indexOf(tab);
    let next: number | null = null;
    if (event.key === 'ArrowRight') next = (index + 1) % TABS.length;
    if (event.key === 'ArrowLeft') next = (index - 1 + TABS.length) % TABS.length;
    if (event.key === 'Home') next = 0;
    if (event.key === 'End') next = TABS.length - 1;
    if (next === null) return;
    event.preventDefault();
    setTab(TABS[next]!);
    document.getElementById(`st-pv-tab-${TABS[next]}`)?.focus();
  };

  return (
    <div className="st-overlay" role="dialog" aria-modal="true" aria-labelledby="st-pv-title" ref={ref} tabIndex={-1}>
      <header className="st-pv-head">
        <div className="st-pv-head-text">
          <p className="eyebrow">Preview</p>
          <h2 id="st-pv-title">{p.title}</h2>
          <span className={`st-status ${statusTone(p.status)}`}>{PRODUCT_STATUS_LABELS[p.status]}</span>
        </div>
        <div className="st-pv-head-actions">
          <button type="button" className="btn btn-secondary" onClick={() => onEdit(p.id)}>
            Edit
          </button>
          <button type="button" className="st-icon-btn st-pv-close" onClick={onClose} aria-label="Close preview" data-autofocus>
            <CloseIcon size={22} />
          </button>
        </div>
      </header>
      <div className="st-pv-tabs" role="tablist" aria-label="Preview sections" onKeyDown={onTabKey}>
        {TABS.map((t) => (
          <button
            key={t}
            id={`st-pv-tab-${t}`}
            type="button"
            role="tab"
            aria-selected={tab === t}
            aria-controls={`st-pv-panel-${t}`}
            tabIndex={tab === t ? 0 : -1}
            className="st-pv-tab"
            onClick={() => setTab(t)}
          >
            {t}
          </button>
        ))}
      </div>
      <div className="st-pv-body">
        <div id={`st-pv-panel-${tab}`} role="tabpanel" aria-labelledby={`st-pv-tab-${tab}`} className="st-pv-panel" tabIndex={0}>
          {tab === 'Overview' && (
            <div className="st-pv-overview">
              <div className="st-pv-gallery">
                <img src={shown?.kind === 'image' ? shown.src : FALLBACK_IMAGE} alt={shown?.label ?? p.title} />
                {gallery.length > 1 && (
                  <div className="st-pv-thumbs">
                    {gallery.slice(0, 5).map(
                      (g, i) =>
                        g.kind === 'image' && (
                          <button key={g.src} type="button" aria-label={`Show image ${i + 1}`} aria-pressed={i === image} onClick={() => setImage(i)}>
                            <img src={g.src} alt="" />
                          </button>
                        ),
                    )}
                  </div>
                )}
              </div>
              <div className="st-pv-summary">
                <p className="st-pv-price">
                  {formatPrice(p.price, p.pricing_model, p.pay_what_you_want)} <span className="muted">{PRICING_MODEL_LABELS[p.pricing_model]}</span>
                </p>
                {p.short_description && <p className="st-pv-short">{p.short_description}</p>}
                <dl className="st-pv-facts">
                  {categoryLabel && (
                    <div>
                      <dt>Category</dt>
                      <dd>{categoryLabel}</dd>
                    </div>
                  )}
                  {toolLabel && (
                    <div>
                      <dt>AI tool</dt>
                      <dd>{toolLabel}</dd>
                    </div>
                  )}
                  <div>
                    <dt>Delivery</dt>
                    <dd>{DELIVERY_TYPE_LABELS[p.content_delivery_type]}</dd>
                  </div>
                  <div>
                    <dt>Views · Downloads</dt>
                    <dd>
                      {p.views_count} · {p.downloads_count}
                    </dd>
                  </div>
                </dl>
                {p.tags.length > 0 && (
                  <ul className="st-pv-tags row-list">
                    {p.tags.map((t) => (
                      <li key={t}>{t}</li>
                    ))}
                  </ul>
                )}
              </div>
              <div className="st-pv-description">
                <h3>About this product</h3>
                {paragraphs(p.description).map((para, i) => (
                  <p key={i}>{para}</p>
                ))}
                {(p.demo_url || p.video_demo_url || p.demo_links.length > 0) && (
                  <>
                    <h3>Demos and links</h3>
                    <ul className="st-pv-links">
                      {p.video_demo_url && safeUrl(p.video_demo_url) && (
                        <li>
                          <a href={safeUrl(p.video_demo_url)!} target="_blank" rel="noopener noreferrer">
                            Video demo
                          </a>
                        </li>
                      )}
                      {p.demo_url && safeUrl(p.demo_url) && (
                        <li>
                          <a href={safeUrl(p.demo_url)!} target="_blank" rel="noopener noreferrer">
                            Live demo
                          </a>
                        </li>
                      )}
                      {p.demo_links.map(
                        (l) =>
                          safeUrl(l.url) && (
                            <li key={l.id}>
                              <a href={safeUrl(l.url)!} target="_blank" rel="noopener noreferrer">
                                {l.title}
                              </a>{' '}
                              <span className="muted">{DEMO_LINK_TYPE_LABELS[l.type]}</span>
                            </li>
                          ),
                      )}
                    </ul>
                  </>
                )}
              </div>
            </div>
          )}
          {tab === 'Details' && (
            <div className="st-pv-details">
              <dl className="st-pv-facts is-wide">
                <div>
                  <dt>Content type</dt>
                  <dd>{typeLabel ?? '—'}</dd>
                </div>
                <div>
                  <dt>Technical level</dt>
                  <dd>{p.technical_level ? TECHNICAL_LEVEL_LABELS[p.technical_level] : NOT_SHOWN}</dd>
                </div>
                <div>
                  <dt>Deployment</dt>
                  <dd>{DEPLOYMENT_TYPE_LABELS[p.deployment_type]}</dd>
                </div>
                <div>
                  <dt>Integration complexity</dt>
                  <dd>{p.integration_complexity === null ? NOT_SHOWN : `${p.integration_complexity} / 5`}</dd>
                </div>
                <div>
                  <dt>Success rate</dt>
                  <dd>{p.success_rate === null ? NOT_SHOWN : `${p.success_rate}%`}</dd>
                </div>
                <div>
                  <dt>Average setup time</dt>
                  <dd>{p.avg_setup_time === null ? NOT_SHOWN : `${p.avg_setup_time} min`}</dd>
                </div>
              </dl>
              <List title="Use cases" items={p.use_cases} />
              <List title="Required skills" items={p.required_skills} />
              <List title="Output types" items={p.output_types} />
              <List title="Compatible with" items={p.compatibility_tags} />
              <div className="st-pv-block">
                <h4>What buyers get</h4>
                <ul className="st-pv-plain">
                  {(p.content_delivery_type === 'file' || p.content_delivery_type === 'multiple') && (
                    <li>{p.file_urls.length ? `Files: ${p.file_urls.map(fileNameOf).join(', ')}` : 'Files (none uploaded yet)'}</li>
                  )}
                  {(p.content_delivery_type === 'link' || p.content_delivery_type === 'multiple') && (
                    <li>{p.download_url ? 'An access link' : 'An access link (not set yet)'}</li>
                  )}
                  {(p.content_delivery_type === 'text' || p.content_delivery_type === 'multiple') && (
                    <li>{p.content_text ? 'Text content shown after download' : 'Text content (not written yet)'}</li>
                  )}
                </ul>
                {p.download_instructions && <p className="muted">{p.download_instructions}</p>}
              </div>
              {access.length > 0 && (
                <div className="st-pv-block">
                  <h4>Requirements</h4>
                  <dl className="st-pv-facts is-wide">
                    {access.map(([k, v]) => (
                      <div key={k}>
                        <dt>{ACCESS_REQUIREMENT_LABELS[k] ?? k}</dt>
                        <dd>{v}</dd>
                      </div>
                    ))}
                  </dl>
                </div>
              )}
            </div>
          )}
          {tab === 'Creator' && (
            <div className="st-pv-creator">
              <div className="st-avatar is-large" aria-hidden="true">
                {creator.avatarUrl ? <img src={creator.avatarUrl} alt="" /> : <span>{creator.fullName.slice(0, 1).toUpperCase()}</span>}
              </div>
              <div>
                <h3>
                  {creator.fullName} {creator.verified && <span className="badge badge-verified">Verified</span>}
                </h3>
                {creator.company && <p className="muted">{creator.company}</p>}
                {creator.bio && <p>{creator.bio}</p>}
                <p className="muted">
                  {creator.followerCount} follower{creator.followerCount === 1 ? '' : 's'}
                </p>
                <a className="btn btn-secondary" href={`/profile/${encodeURIComponent(creator.id)}`}>
                  View public profile
                </a>
              </div>
            </div>
          )}
          {tab === 'Reviews' && (
            <div className="st-pv-reviews">
              {reviews.total === 0 ? (
                <p className="st-empty-note">
                  No reviews yet. Buyers review you as a creator after they get your products; reviews show here and on your profile.
                </p>
              ) : (
                <>
                  <p className="st-pv-rating">
                    <strong>{reviews.average.toFixed(1)}</strong> <Stars rating={reviews.average} />{' '}
                    <span className="muted">
                      {reviews.total} review{reviews.total === 1 ? '' : 's'} of you as a creator
                    </span>
                  </p>
                  <ul className="st-review-list">
                    {reviews.latest.map((r) => (
                      <li key={r.id}>
                        <p>
                          <Stars rating={r.rating} /> <strong>{r.reviewerName}</strong>{' '}
                          {r.verifiedPurchase && <span className="badge badge-verified">Verified purchase</span>}
                        </p>
                        {r.text && <p>{r.text}</p>}
                      </li>
                    ))}
                  </ul>
                  <a href="/reviews">All reviews</a>
                </>
              )}
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
