/**
 * Every query of a creator's emails to customers (issue 31, docs/decisions/078): who an audience
 * is (buyers of one product, of all the creator's products, or followers; each account once,
 * and only those who can get it), the sends of the last 24 hours (the daily limit), the sends
 * with their figures read from the outbox. Functions take `db` or a transaction first;
 * customer-emails.service.ts holds the rules.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '@/db/database';
import type { NewCustomerEmail } from '@/db/schema';
import type { CustomerEmailAudience } from '@/src/shared/domain';
import { EMAIL_KIND_INFO } from '@/src/shared/email-preferences';

export interface AudienceSpec {
  creatorId: string;
  audience: CustomerEmailAudience;
  productId: string | null;
}

/**
 * Whether the account `userId` (a SQL expression) can get a creator's email from `creatorId`:
 * not the creator, a verified address that did not bounce or complain, a profile neither deleted
 * nor suspended, 'Emails from creators' not turned off, and this creator's emails not stopped
 * (creator_email_opt_outs, by its primary key).
 */
function reachable(userId: RawBuilder<unknown>, creatorId: string) {
  return sql`${userId} <> ${creatorId}
    and exists (
      select 1 from users u join profiles pr on pr.id = u.id
      where u.id = ${userId} and u.email_verified
        and pr.deleted_at is null and (pr.suspended_until is null or pr.suspended_until <= now())
        and not exists (select 1 from email_suppressions s where s.email = lower(u.email))
    )
    and coalesce(
      (select np.channel from notification_preferences np where np.user_id = ${userId} and np.kind = 'creator_email'),
      ${EMAIL_KIND_INFO.creator_email.default}
    ) <> 'off'
    and not exists (select 1 from creator_email_opt_outs oo where oo.user_id = ${userId} and oo.creator_id = ${creatorId})`;
}

/** The audience's accounts (a column `user_id`), each once. A buyer: a paid order (a refunded one is status 'refunded'). */
function audienceRows({ creatorId, audience, productId }: AudienceSpec): RawBuilder<unknown> {
  if (audience === 'followers')
    return sql`select distinct f.follower_id as user_id from follows f
      where f.following_id = ${creatorId} and ${reachable(sql.ref('f.follower_id'), creatorId)}`;
  const product = audience === 'product' ? sql`and o.product_id = ${productId}` : sql``;
  return sql`select distinct o.buyer_id as user_id from orders o
    where o.creator_id = ${creatorId} and o.status = 'paid' ${product} and ${reachable(sql.ref('o.buyer_id'), creatorId)}`;
}

/** How many accounts the audience has now. */
export async function countAudience(db: Db, spec: AudienceSpec): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from (${audienceRows(spec)}) a`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** The audience as the outbox's fan-out walks it: `limit` user ids after `after`, in order. */
export const audienceRecipients =
  (spec: AudienceSpec) =>
  (after: string, limit: number): RawBuilder<unknown> =>
    sql`select user_id from (${audienceRows(spec)}) a where user_id > ${after} order by user_id limit ${limit}`;

/** The creator's followers and the buyers of each of their products, as the form offers them. */
export async function audienceSizes(db: Db, creatorId: string) {
  const [followers, all, perProduct] = await Promise.all([
    countAudience(db, { creatorId, audience: 'followers', productId: null }),
    countAudience(db, { creatorId, audience: 'all_products', productId: null }),
    sql<{ id: string; title: string; n: number }>`
      select p.id, p.title, count(distinct o.buyer_id)::int as n
      from products p
      left join orders o on o.product_id = p.id and o.status = 'paid' and ${reachable(sql.ref('o.buyer_id'), creatorId)}
      where p.creator_id = ${creatorId}
      group by p.id, p.title, p.created_at
      order by p.created_at desc
      limit 500
    `.execute(db),
  ]);
  return { followers, all, products: perProduct.rows.map((r) => ({ id: r.id, title: r.title, n: Number(r.n) })) };
}

export async function findOwnProduct(db: Db, creatorId: string, productId: string) {
  return db.selectFrom('products').select(['id', 'title']).where('id', '=', productId).where('creator_id', '=', creatorId).executeTakeFirst();
}

/** Holds the creator's profile row to the end of the transaction: two sends at once count one after the other. */
export async function lockCreator(trx: Db, creatorId: string): Promise<void> {
  await trx.selectFrom('profiles').select('id').where('id', '=', creatorId).forUpdate().execute();
}

/** When the creator's sends of the last 24 hours were made. */
export async function recentSendTimes(db: Db, creatorId: string, since: Date): Promise<Date[]> {
  const rows = await db.selectFrom('customer_emails').select('created_at').where('creator_id', '=', creatorId).where('created_at', '>', since).execute();
  return rows.map((r) => r.created_at);
}

export async function insertCustomerEmail(trx: Db, values: NewCustomerEmail) {
  return trx.insertInto('customer_emails').values(values).returning('id').executeTakeFirstOrThrow();
}

/** Sends with their figures from the outbox: rows written, sent by the mailer, unsubscribed through their link. */
const withFigures = (db: Db) =>
  db
    .selectFrom('customer_emails as e')
    .leftJoin('products as p', 'p.id', 'e.product_id')
    .select((eb) => [
      'e.id',
      'e.audience',
      'e.product_id',
      'p.title as product_title',
      'e.subject',
      'e.recipient_count',
      'e.created_at',
      eb
        .selectFrom('email_messages as m')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('m.kind', '=', 'creator_email')
        .whereRef('m.reference', '=', sql<string>`'creator_email:' || e.id::text`)
        .as('sent'),
      eb
        .selectFrom('email_messages as m')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('m.kind', '=', 'creator_email')
        .whereRef('m.reference', '=', sql<string>`'creator_email:' || e.id::text`)
        .where('m.status', '=', 'sent')
        .as('delivered'),
      eb
        .selectFrom('email_messages as m')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('m.kind', '=', 'creator_email')
        .whereRef('m.reference', '=', sql<string>`'creator_email:' || e.id::text`)
        .where('m.unsubscribed_at', 'is not', null)
        .as('unsubscribed'),
    ]);

export type CustomerEmailRow = Awaited<ReturnType<ReturnType<typeof withFigures>['executeTakeFirstOrThrow']>>;

export async function listOwnCustomerEmails(db: Db, creatorId: string, limit: number): Promise<CustomerEmailRow[]> {
  return withFigures(db).where('e.creator_id', '=', creatorId).orderBy('e.created_at', 'desc').orderBy('e.id', 'desc').limit(limit).execute();
}

/** One of the creator's sends; undefined for another creator's (a 404, like one that does not exist). */
export async function findOwnCustomerEmail(db: Db, creatorId: string, id: string): Promise<CustomerEmailRow | undefined> {
  return withFigures(db).where('e.creator_id', '=', creatorId).where('e.id', '=', id).executeTakeFirst();
}

export async function findCreatorName(db: Db, creatorId: string) {
  return db
    .selectFrom('profiles as p')
    .innerJoin('users as u', 'u.id', 'p.id')
    .select(['p.full_name', 'p.handle', 'u.email'])
    .where('p.id', '=', creatorId)
    .executeTakeFirst();
}

/** Who a send goes to, for its batch job (undefined: it is gone). */
export async function findSendAudience(db: Db, id: string): Promise<AudienceSpec | undefined> {
  const row = await db.selectFrom('customer_emails').select(['creator_id', 'audience', 'product_id']).where('id', '=', id).executeTakeFirst();
  return row ? { creatorId: row.creator_id, audience: row.audience, productId: row.product_id } : undefined;
}

// --- One creator's emails stopped (creator_email_opt_outs; the email domain writes them:
// functions/email/creator-opt-outs.repository.ts) ----------------------------------------------

/** How many people stopped the creator's emails (their list's figure). */
export async function countCreatorOptOuts(db: Db, creatorId: string): Promise<number> {
  const row = await db
    .selectFrom('creator_email_opt_outs')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('creator_id', '=', creatorId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
