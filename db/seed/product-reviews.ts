/**
 * The demo's product reviews (docs/decisions/029), in their own file and step so they stay
 * apart from the rest of the seed: db/seed/data/product-reviews.json, checked with the
 * review form's own rules (readDemoProductReviews, called by the demo data loader), then
 * written after the demo activity (seedProductReviews), only where the app would accept them:
 * the reviewer got the product (a paid order, or a download without a refunded order) and
 * is not its creator. The products' rating, review_count and rating_score are then computed
 * from the rows with the same prior the app uses, so every figure has reviews behind it.
 */
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../database';
import { ProductReviewInputSchema, ReviewReplyInputSchema } from '@/src/shared/api/schemas/product-reviews';
import { RATING_PRIOR } from '@/functions/product-reviews/product-reviews.service';
import { demoProductId, demoUserId, stableUuid } from './ids';

export interface DemoProductReview {
  productKey: string;
  reviewerKey: string;
  rating: number;
  text: string;
  daysAgo: number;
  reply: { text: string; daysAgo: number } | null;
}

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lower-case words joined by hyphens');
const count = z.number().int().min(0);

export const ProductReviewsFileSchema = z.array(
  z.strictObject({
    productKey: slug,
    reviewerKey: slug,
    rating: z.unknown().optional(),
    text: z.unknown().optional(),
    daysAgo: count,
    reply: z.strictObject({ text: z.unknown().optional(), daysAgo: count }).optional(),
  }),
);

const issues = (error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }) =>
  error.issues.map((i) => `${i.path.length ? `${i.path.join('.')}: ` : ''}${i.message}`);

/**
 * The file's reviews, each checked as the API checks one: the review form's schema (the text
 * as typed, nothing the form would change), a known published product and user, never of
 * one's own product, one per reviewer and product; a reply by the form's rules, after the
 * review. `report(where, problems)` collects what is wrong, in the loader's words.
 */
export function readDemoProductReviews(
  rows: z.infer<typeof ProductReviewsFileSchema>,
  context: {
    products: { key: string; creatorKey: string; published: boolean }[];
    /** Every product key of the catalogue, loaded or not: a review of a product refused for its own problems is not reported again. */
    productKeys: string[];
    users: { key: string; userType: string; role: string }[];
  },
  report: (where: string, problems: string[]) => void,
): DemoProductReview[] {
  const reviews: DemoProductReview[] = [];
  for (const [index, r] of rows.entries()) {
    const where = `product-reviews.json: ${index}`;
    const product = context.products.find((p) => p.key === r.productKey);
    if (!product && context.productKeys.includes(r.productKey)) continue;
    const user = context.users.find((u) => u.key === r.reviewerKey);
    const checked = ProductReviewInputSchema.safeParse({ rating: r.rating, text: r.text });
    const problems: string[] = [];
    if (!product) problems.push(`productKey: no product '${r.productKey}'`);
    else if (!product.published) problems.push(`productKey: '${r.productKey}' is not published, so it has no reviews`);
    if (!user) problems.push(`reviewerKey: no user '${r.reviewerKey}'`);
    else if (product && product.creatorKey === r.reviewerKey) problems.push('a creator cannot review their own product');
    if (!checked.success) problems.push(...issues(checked.error));
    else if (checked.data.text !== r.text) problems.push(`text: the review form would save it as ${JSON.stringify(checked.data.text)}`);
    if (reviews.some((o) => o.productKey === r.productKey && o.reviewerKey === r.reviewerKey)) problems.push('one review per reviewer and product');
    let reply: DemoProductReview['reply'] = null;
    if (r.reply) {
      const parsed = ReviewReplyInputSchema.safeParse({ text: r.reply.text });
      if (!parsed.success) problems.push(...issues(parsed.error).map((m) => `reply.${m}`));
      else if (parsed.data.text !== r.reply.text) problems.push('reply.text: the reply form would save it differently');
      else reply = { text: parsed.data.text, daysAgo: r.reply.daysAgo };
      if (r.reply.daysAgo > r.daysAgo) problems.push('reply.daysAgo: a reply comes after its review');
    }
    if (problems.length) {
      report(where, problems);
      continue;
    }
    reviews.push({ productKey: r.productKey, reviewerKey: r.reviewerKey, rating: checked.data!.rating, text: checked.data!.text, daysAgo: r.daysAgo, reply });
  }
  return reviews;
}

const DAY = 24 * 60 * 60 * 1000;

/**
 * Writes the reviews whose reviewer got the product (the app's rule, in SQL over the seeded
 * orders and downloads), each no earlier than an hour after they got it, then recomputes
 * every product's rating from the rows. Idempotent (deterministic ids). Answers how many of
 * the file's reviews are in the database.
 */
export async function seedProductReviews(db: Db, reviews: DemoProductReview[], now: number): Promise<number> {
  for (const r of reviews) {
    const id = stableUuid('product-review', `${r.reviewerKey}:${r.productKey}`);
    const productId = demoProductId(r.productKey);
    const reviewerId = demoUserId(r.reviewerKey);
    const at = new Date(now - r.daysAgo * DAY);
    const repliedAt = r.reply ? new Date(now - r.reply.daysAgo * DAY) : null;
    await sql`
      insert into product_reviews (id, product_id, reviewer_id, rating, review_text, reply_text, replied_at, created_at, updated_at)
      select ${id}::uuid, p.id, ${reviewerId}, ${r.rating}, ${r.text}, ${r.reply?.text ?? null}::text, g.at_reply, g.at_review, g.at_review
      from products p
      cross join lateral (
        select least(${new Date(now)}::timestamptz, greatest(${at}::timestamptz, got.first + interval '1 hour')) as at_review,
               case when ${repliedAt}::timestamptz is null then null
                    else least(${new Date(now)}::timestamptz, greatest(${repliedAt}::timestamptz, got.first + interval '2 hours')) end as at_reply
        from (
          select least(
            (select min(o.paid_at) from orders o where o.buyer_id = ${reviewerId} and o.product_id = p.id and o.status = 'paid'),
            (select min(d.created_at) from downloads d where d.user_id = ${reviewerId} and d.product_id = p.id)
          ) as first
        ) got
      ) g
      where p.id = ${productId} and p.status = 'published' and p.creator_id <> ${reviewerId}
        and (
          exists (select 1 from orders o where o.buyer_id = ${reviewerId} and o.product_id = p.id and o.status = 'paid')
          or (
            exists (select 1 from downloads d where d.user_id = ${reviewerId} and d.product_id = p.id)
            and not exists (select 1 from orders o where o.buyer_id = ${reviewerId} and o.product_id = p.id and o.status = 'refunded')
          )
        )
      on conflict do nothing
    `.execute(db);
  }
  await recomputeProductRatings(db);
  if (!reviews.length) return 0;
  const ids = reviews.map((r) => stableUuid('product-review', `${r.reviewerKey}:${r.productKey}`));
  const row = await db
    .selectFrom('product_reviews')
    .select(sql<string>`count(*)`.as('n'))
    .where('id', 'in', ids)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every product's rating, review_count and rating_score from its reviews (the formula of product-reviews.repository.ts). */
async function recomputeProductRatings(db: Db): Promise<void> {
  await sql`
    update products p set
      review_count = s.n,
      rating = s.average,
      rating_score = s.score
    from (
      select p2.id,
        count(r.id)::int as n,
        coalesce(round(avg(r.rating)::numeric, 2), 0) as average,
        case when count(r.id) = 0 then 0
             else round((${RATING_PRIOR.weight}::numeric * ${RATING_PRIOR.mean}::numeric + sum(r.rating)) / (${RATING_PRIOR.weight}::numeric + count(r.id)), 3) end as score
      from products p2 left join product_reviews r on r.product_id = p2.id and r.hidden_at is null
        -- A refunded buyer's review counts toward nothing (docs/decisions/047).
        and not (
          exists (select 1 from orders o where o.buyer_id = r.reviewer_id and o.product_id = r.product_id and o.status = 'refunded')
          and not exists (select 1 from orders o where o.buyer_id = r.reviewer_id and o.product_id = r.product_id and o.status = 'paid')
        )
      group by p2.id
    ) s
    where s.id = p.id and (p.review_count, p.rating, p.rating_score) is distinct from (s.n, s.average, s.score)
  `.execute(db);
}
