/**
 * With Stripe Connect the ledger mirrors Stripe's transfers (docs/decisions/051): a destination
 * charge moves the sale's net to the creator's connected account at once (a 'transfer', − the
 * net), and a refund reverses that transfer (a 'transfer_reversal', + the net); Stripe then pays
 * the connected account on its own schedule. `provider_ref` is the Stripe object the entry
 * mirrors (the payment's id), unique per kind, so a replayed event writes nothing twice; one of
 * each per order as well. Existing Stripe orders are backfilled, so their creators' toolmint
 * balance stops counting money Stripe already holds for them.
 * Frozen in time: never import application code.
 */
import { sql, type Kysely } from 'kysely';

const SHAPE = (withTransfers: boolean) => `
  (kind = 'sale' and amount_cents >= 0 and order_id is not null and payout_id is null)
  or (kind = 'refund' and amount_cents <= 0 and order_id is not null and payout_id is null)
  or (kind = 'payout' and amount_cents < 0 and payout_id is not null and order_id is null)
  or (kind = 'payout_reversal' and amount_cents > 0 and payout_id is not null)
  or (kind = 'adjustment' and amount_cents <> 0 and reason is not null and created_by is not null and order_id is null and payout_id is null)${
    withTransfers
      ? `
  or (kind = 'transfer' and amount_cents <= 0 and order_id is not null and payout_id is null and provider_ref is not null)
  or (kind = 'transfer_reversal' and amount_cents >= 0 and order_id is not null and payout_id is null and provider_ref is not null)`
      : ''
  }`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table creator_ledger_entries add column provider_ref text`.execute(db);
  await sql
    .raw(
      `alter table creator_ledger_entries
        drop constraint creator_ledger_entries_kind_check,
        drop constraint creator_ledger_entries_shape,
        add constraint creator_ledger_entries_kind_check check (kind in ('sale', 'refund', 'payout', 'payout_reversal', 'adjustment', 'transfer', 'transfer_reversal')),
        add constraint creator_ledger_entries_shape check (${SHAPE(true)})`,
    )
    .execute(db);
  await sql`create unique index creator_ledger_transfer_order_key on creator_ledger_entries (order_id, kind) where kind in ('transfer', 'transfer_reversal')`.execute(
    db,
  );
  await sql`create unique index creator_ledger_provider_ref_key on creator_ledger_entries (kind, provider_ref) where provider_ref is not null`.execute(db);

  // Backfill: Stripe orders with a sale entry had their net transferred; refunded ones had it reversed.
  await sql`
    insert into creator_ledger_entries (creator_id, kind, amount_cents, order_id, provider_ref, available_at, created_at)
    select e.creator_id, 'transfer', -e.amount_cents, e.order_id, o.provider_payment_id, e.available_at, e.created_at
    from creator_ledger_entries e join orders o on o.id = e.order_id
    where e.kind = 'sale' and o.provider = 'stripe' and o.provider_payment_id is not null
  `.execute(db);
  await sql`
    insert into creator_ledger_entries (creator_id, kind, amount_cents, order_id, provider_ref, available_at, created_at)
    select e.creator_id, 'transfer_reversal', -e.amount_cents, e.order_id, o.provider_payment_id, e.available_at, r.created_at
    from creator_ledger_entries e
    join orders o on o.id = e.order_id
    join creator_ledger_entries r on r.order_id = e.order_id and r.kind = 'refund'
    where e.kind = 'transfer'
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The ledger refuses deletes (append-only): lift the trigger for this one statement.
  await sql`alter table creator_ledger_entries disable trigger creator_ledger_entries_append_only`.execute(db);
  await sql`delete from creator_ledger_entries where kind in ('transfer', 'transfer_reversal')`.execute(db);
  await sql`alter table creator_ledger_entries enable trigger creator_ledger_entries_append_only`.execute(db);
  await sql`drop index if exists creator_ledger_provider_ref_key`.execute(db);
  await sql`drop index if exists creator_ledger_transfer_order_key`.execute(db);
  await sql
    .raw(
      `alter table creator_ledger_entries
        drop constraint creator_ledger_entries_kind_check,
        drop constraint creator_ledger_entries_shape,
        add constraint creator_ledger_entries_kind_check check (kind in ('sale', 'refund', 'payout', 'payout_reversal', 'adjustment')),
        add constraint creator_ledger_entries_shape check (${SHAPE(false)})`,
    )
    .execute(db);
  await sql`alter table creator_ledger_entries drop column provider_ref`.execute(db);
}
