/**
 * Interaction logs are kept identifying for 24 months (the Privacy Policy's retention), then
 * made anonymous by the sweep (functions/interactions/interactions.service.ts): their account,
 * session, visitor key and context (the user agent) are cleared; the row, its product, type and
 * time stay for the figures. This index holds only the rows still identifying, by time, so the
 * sweep finds those past the limit without reading the table, and an anonymised row leaves it.
 * Frozen in time: never import application code.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index product_interactions_identifying_idx on product_interactions (created_at)
    where user_id is not null or session_id is not null or visitor_key is not null or interaction_context <> '{}'::jsonb
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists product_interactions_identifying_idx`.execute(db);
}
