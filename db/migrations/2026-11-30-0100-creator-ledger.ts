/**
 * A creator's money as an append-only ledger, and payouts that finish (issue 27,
 * docs/decisions/048).
 * - payout_requests: integer cents (`amount_cents`, the dollars column is gone), statuses
 *   requested -> processing -> paid | failed | cancelled ('pending' became 'requested'), the
 *   reference of a paid payout, the reason of a failed one, who decided it and when it closed.
 *   At most one open (requested or processing) payout per creator: a unique partial index.
 *   Old data: open payouts holding refunded sales lose those sales' net (the bug of issue 27:
 *   a refunded sale stayed in a pending payout), and one left at 0 is cancelled; of several open
 *   payouts of one creator only the newest stays open, the others are cancelled (their sales
 *   come back to the balance and are paid by the next one).
 * - creator_ledger_entries: every money movement of a creator in integer cents: a sale (+ its
 *   net, available after the hold), a refund (- the net, due when its sale is), a payout (- its amount, when it is
 *   requested), a payout reversal (+ what comes back: a failed or cancelled payout's amount, or
 *   a refunded sale taken out of an open payout), an administrator's adjustment (+/-, with a
 *   reason). Unique keys make a replayed event or a retried job write each entry once; a
 *   trigger refuses every update and delete. Backfilled from orders and payouts, with the
 *   default hold of 7 days (a migration reads no settings).
 * Frozen in time: never import application code.
 */
import { sql, type Kysely } from 'kysely';

const OPEN = `('requested', 'processing')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // --- Payouts in cents, with the statuses that finish.
  await sql`alter table payout_requests add column amount_cents integer`.execute(db);
  await sql`update payout_requests set amount_cents = round(amount * 100)::integer`.execute(db);
  await sql`alter table payout_requests drop column amount`.execute(db);
  await sql`alter table payout_requests alter column amount_cents set not null, add constraint payout_requests_amount_cents_check check (amount_cents >= 0)`.execute(
    db,
  );
  await sql`alter table payout_requests drop constraint payout_requests_status_check`.execute(db);
  await sql`update payout_requests set status = 'requested' where status = 'pending'`.execute(db);
  await sql
    .raw(
      `alter table payout_requests alter column status set default 'requested',
        add constraint payout_requests_status_check check (status in ('requested', 'processing', 'paid', 'failed', 'cancelled'))`,
    )
    .execute(db);
  await sql`
    alter table payout_requests
      add column reference text,
      add column failure_reason text,
      add column decided_by text references profiles (id),
      add column processing_at timestamptz,
      add column closed_at timestamptz,
      add constraint payout_requests_failure_reason check (status <> 'failed' or failure_reason is not null)
  `.execute(db);
  // Refunded sales leave the open payouts that held them.
  await sql
    .raw(
      `update payout_requests p set amount_cents = greatest(0, p.amount_cents - r.refunded)
       from (select i.payout_id, sum(i.amount_cents)::integer as refunded
             from order_payout_items i join orders o on o.id = i.order_id
             where o.status = 'refunded' group by i.payout_id) r
       where r.payout_id = p.id and p.status in ${OPEN}`,
    )
    .execute(db);
  await sql.raw(`update payout_requests set status = 'cancelled', closed_at = now() where amount_cents = 0 and status in ${OPEN}`).execute(db);
  await sql
    .raw(
      `update payout_requests p set status = 'cancelled', closed_at = now()
       where p.status in ${OPEN} and exists (
         select 1 from payout_requests n where n.seller_id = p.seller_id and n.status in ${OPEN}
           and (n.requested_at, n.id) > (p.requested_at, p.id))`,
    )
    .execute(db);
  await sql.raw(`create unique index payout_requests_one_open on payout_requests (seller_id) where status in ${OPEN}`).execute(db);
  await sql`create index payout_requests_status_idx on payout_requests (status, requested_at)`.execute(db);

  // --- The ledger.
  await sql`
    create table creator_ledger_entries (
      id uuid primary key default gen_random_uuid(),
      creator_id text not null references profiles (id),
      kind text not null check (kind in ('sale', 'refund', 'payout', 'payout_reversal', 'adjustment')),
      amount_cents integer not null,
      order_id uuid references orders (id),
      payout_id uuid references payout_requests (id),
      reason text,
      created_by text references profiles (id),
      available_at timestamptz not null default now(),
      created_at timestamptz not null default now(),
      constraint creator_ledger_entries_shape check (
        (kind = 'sale' and amount_cents >= 0 and order_id is not null and payout_id is null)
        or (kind = 'refund' and amount_cents <= 0 and order_id is not null and payout_id is null)
        or (kind = 'payout' and amount_cents < 0 and payout_id is not null and order_id is null)
        or (kind = 'payout_reversal' and amount_cents > 0 and payout_id is not null)
        or (kind = 'adjustment' and amount_cents <> 0 and reason is not null and created_by is not null and order_id is null and payout_id is null)
      )
    )
  `.execute(db);
  // Each entry once: a sale and a refund per order, a payout and its full reversal per payout,
  // a refunded sale taken out of a payout once.
  await sql`create unique index creator_ledger_order_key on creator_ledger_entries (order_id, kind) where kind in ('sale', 'refund')`.execute(db);
  await sql`create unique index creator_ledger_payout_key on creator_ledger_entries (payout_id, kind) where order_id is null and kind in ('payout', 'payout_reversal')`.execute(
    db,
  );
  await sql`create unique index creator_ledger_payout_order_key on creator_ledger_entries (payout_id, order_id) where kind = 'payout_reversal' and order_id is not null`.execute(
    db,
  );
  await sql`create index creator_ledger_creator_idx on creator_ledger_entries (creator_id, created_at desc, id desc)`.execute(db);
  await sql`
    create function creator_ledger_entries_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'creator_ledger_entries is append-only';
    end
    $$
  `.execute(db);
  await sql`
    create trigger creator_ledger_entries_append_only before update or delete on creator_ledger_entries
    for each row execute function creator_ledger_entries_append_only()
  `.execute(db);

  // --- Backfill: what orders and payouts already say.
  await sql`
    insert into creator_ledger_entries (creator_id, kind, amount_cents, order_id, available_at, created_at)
    select creator_id, 'sale', amount_cents - fee_cents, id, paid_at + interval '7 days', paid_at
    from orders where status in ('paid', 'refunded') and paid_at is not null
  `.execute(db);
  await sql`
    insert into creator_ledger_entries (creator_id, kind, amount_cents, order_id, available_at, created_at)
    select creator_id, 'refund', -(amount_cents - fee_cents), id, paid_at + interval '7 days', coalesce(refunded_at, paid_at)
    from orders where status = 'refunded' and paid_at is not null
  `.execute(db);
  await sql`
    insert into creator_ledger_entries (creator_id, kind, amount_cents, payout_id, available_at, created_at)
    select seller_id, 'payout', -amount_cents, id, requested_at, requested_at
    from payout_requests where status in ('requested', 'processing', 'paid') and amount_cents > 0
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists creator_ledger_entries`.execute(db);
  await sql`drop function if exists creator_ledger_entries_append_only()`.execute(db);
  await sql`drop index if exists payout_requests_status_idx`.execute(db);
  await sql`drop index if exists payout_requests_one_open`.execute(db);
  await sql`
    alter table payout_requests
      drop constraint if exists payout_requests_failure_reason,
      drop column if exists reference, drop column if exists failure_reason, drop column if exists decided_by,
      drop column if exists processing_at, drop column if exists closed_at,
      drop constraint payout_requests_status_check
  `.execute(db);
  await sql`update payout_requests set status = case when status = 'requested' then 'pending' when status = 'failed' then 'cancelled' else status end`.execute(
    db,
  );
  await sql
    .raw(
      `alter table payout_requests alter column status set default 'pending',
        add constraint payout_requests_status_check check (status in ('pending', 'processing', 'paid', 'cancelled'))`,
    )
    .execute(db);
  await sql`alter table payout_requests add column amount numeric(12, 2)`.execute(db);
  await sql`update payout_requests set amount = greatest(amount_cents, 1) / 100.0`.execute(db);
  await sql`alter table payout_requests alter column amount set not null, drop column amount_cents`.execute(db);
}
