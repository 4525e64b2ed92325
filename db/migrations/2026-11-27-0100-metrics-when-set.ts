/**
 * Product metrics only when the creator set them (issue 15, docs/decisions/028).
 * - products.integration_complexity, success_rate, avg_setup_time and technical_level may be
 *   null: null is 'not set', and the product page leaves the metric out. Their defaults go, so
 *   a product created without them stores null; the range checks stay (a check passes on null).
 * - Existing rows: a value equal to the spec's starting value (complexity 1, success rate 85,
 *   setup 5 minutes, level beginner) is what the editor filled in, not something the creator
 *   chose, so it becomes null. Any other value was chosen and is kept.
 * The down migration restores the defaults and writes them back into the nulls.
 * Frozen in time: never import application code.
 */
import { sql, type Kysely } from 'kysely';

const METRICS = [
  { column: 'integration_complexity', starting: sql`1` },
  { column: 'success_rate', starting: sql`85` },
  { column: 'avg_setup_time', starting: sql`5` },
  { column: 'technical_level', starting: sql`'beginner'` },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { column, starting } of METRICS) {
    await sql`alter table products alter column ${sql.ref(column)} drop not null, alter column ${sql.ref(column)} drop default`.execute(db);
    await sql`update products set ${sql.ref(column)} = null where ${sql.ref(column)} = ${starting}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { column, starting } of METRICS) {
    await sql`update products set ${sql.ref(column)} = ${starting} where ${sql.ref(column)} is null`.execute(db);
    await sql`alter table products alter column ${sql.ref(column)} set default ${starting}, alter column ${sql.ref(column)} set not null`.execute(db);
  }
}
