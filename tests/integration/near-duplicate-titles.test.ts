/**
 * The near-duplicate title check among thousands of a creator's titles (issue 30,
 * docs/decisions/067): the creator-and-title trigram index answers it (EXPLAIN names
 * products_creator_title_trgm_idx and no scan of the creator's rows), with the answers of the
 * rule read row by row (pg_trgm similarity above 0.8, case-insensitive, listings only, one
 * creator's titles), and the routes refuse and accept as before. The rule's own cases (create,
 * rename, drafts, in review and rejected) are in review-queue.test.ts. Its own database: the
 * 6,000 products it adds would crowd the public reads other files check.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, setDbHandle } from '@/db/database';
import { resetAuth } from '@/functions/auth/auth';
import { explainNearDuplicateTitle, findNearDuplicateTitle } from '@/functions/products/products.repository';
import { POST as createMine } from '@/src/pages/api/me/products/index';
import { call, signUp, type TestSession } from '../support/api';
import { ensureCategories, freeProductBody } from '../support/factories';
import { createTestDb, type TestDb } from '../support/test-db';

let t: TestDb;
let creator: TestSession;
let other: TestSession;

// Titles as a large catalogue has them (db/seed/synthetic.ts): a few words shared by many, and a
// word of their own. Statuses too: mostly listings, some drafts and archived products.
const TOOLS = ['ChatGPT', 'Claude', 'Midjourney', 'Make', 'Zapier'];
const SUBJECTS = ['Lead Enrichment', 'Customer Support', 'Invoice Processing', 'Social Media', 'Meeting Notes', 'Email Triage'];
const NOUNS = ['Workflow', 'Prompt Pack', 'Agent', 'Dashboard'];
const STATUSES = ['published', 'published', 'published', 'published', 'published', 'in_review', 'rejected', 'draft', 'archived'] as const;
/** Six letters of title i's own. */
const wordOf = (i: number) => Array.from({ length: 6 }, (_, k) => String.fromCharCode(97 + (Math.floor((i * 7_919) / 26 ** k) % 26))).join('');
const titleOf = (i: number) => `${TOOLS[i % 5]} ${SUBJECTS[Math.floor(i / 5) % 6]} ${NOUNS[Math.floor(i / 30) % 4]} ${wordOf(i)}`;
/** The creator's titles: enough that the planner prefers the index to reading them. */
const COUNT = 3000;
/** The other creator's, titles COUNT to COUNT + OTHER_COUNT. */
const OTHER_COUNT = 3000;

async function seed(creatorId: string, offset: number, count: number) {
  for (let start = 0; start < count; start += 500) {
    const rows = Array.from({ length: 500 }, (_, k) => ({
      creator_id: creatorId,
      title: titleOf(offset + start + k),
      status: STATUSES[(start + k) % STATUSES.length]!,
    }));
    await t.db.insertInto('products').values(rows).execute();
  }
}

const create = (session: TestSession, title: string) => call(createMine, '/api/me/products', { method: 'POST', session, json: freeProductBody(title) });

/** The rule read row by row, as the check ran before its index: the creator's listings above 0.8, most similar first. */
async function byTheRule(creatorId: string, title: string) {
  const { rows } = await sql<{ title: string; similarity: number }>`
    select title, similarity(title, ${title}) as similarity from products
    where creator_id = ${creatorId} and status in ('in_review', 'rejected', 'published') and similarity(title, ${title}) > ${0.8}
    order by 2 desc`.execute(t.db);
  return rows;
}

beforeAll(async () => {
  t = await createTestDb();
  setDbHandle(t);
  resetAuth();
  await ensureCategories(t.db);
  creator = await signUp('creator', 'Prolific Creator');
  other = await signUp('creator', 'Other Prolific');
  await seed(creator.userId, 0, COUNT);
  await seed(other.userId, COUNT, OTHER_COUNT);
  await sql`analyze products`.execute(t.db);
  // 6,000 products through the search trigger and the indexes: minutes on a busy machine.
}, 300_000);

afterAll(async () => {
  resetAuth();
  await closeDb();
});

describe('near-duplicate titles among thousands', () => {
  it("is answered by the creator-and-title trigram index (EXPLAIN), not by reading the creator's titles", async () => {
    const plan = (await explainNearDuplicateTitle(t.db, creator.userId, titleOf(603))).join('\n');
    expect(plan).toContain('products_creator_title_trgm_idx');
    expect(plan).not.toContain('products_creator_created_idx');
    expect(plan).not.toMatch(/Seq Scan/);
  });

  it('answers as the rule does: case, punctuation, a changed letter or word, drafts and archived left out, other creators not compared', async () => {
    const probes = [
      titleOf(603),
      titleOf(603).toUpperCase(),
      `${titleOf(603)}!`,
      titleOf(603).replace('Lead', 'Lad'),
      `${titleOf(603)} v2`,
      titleOf(603).replace(wordOf(603), wordOf(633)),
      titleOf(603).replace('Enrichment', 'Research'),
      titleOf(608), // in review (STATUSES[608 % 9])
      titleOf(609), // rejected
      titleOf(610), // a draft
      titleOf(611), // archived
      titleOf(COUNT + 10), // the other creator's
      'Cold email sequences for SaaS founders',
    ];
    const answers = [];
    for (const probe of probes) {
      const expected = await byTheRule(creator.userId, probe);
      const found = await findNearDuplicateTitle(t.db, creator.userId, probe);
      const best = expected.filter((row) => row.similarity === expected[0]?.similarity).map((row) => row.title);
      expect({ probe, found: found?.title ?? null }).toEqual({ probe, found: best.length ? expect.toBeOneOf(best) : null });
      answers.push(Boolean(found));
    }
    // Both answers occur: the comparison is not vacuous.
    expect(answers).toEqual([true, true, true, true, true, false, false, true, true, false, false, false, false]);
  });

  it('refuses a near copy through the route at that size, accepts a new title, and compares no other creator', async () => {
    const copy = await create(creator, titleOf(609).toLowerCase()); // rejected: a listing
    expect(copy.status).toBe(409);
    expect(copy.body.error.code).toBe('DUPLICATE_TITLE');
    expect(copy.body.error.fields.title).toContain(`“${titleOf(609)}”`);
    expect((await create(creator, 'Podcast show notes from a transcript')).status).toBe(201);
    // The other creator's title is new to this one; the other creator has it already.
    expect((await create(creator, titleOf(COUNT + 603))).status).toBe(201);
    expect((await create(other, titleOf(COUNT + 603))).status).toBe(409);
  });
});
