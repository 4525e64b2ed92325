/**
 * The lint rule that keeps every Kysely query in a repository (eslint.config.js,
 * docs/decisions/056): a query builder or Kysely's `sql` in a service is an error with the
 * decision's message, the same code in a `*.repository.ts` file is not, and tests stay free to
 * query. Linted through ESLint's Node API with the project's own config.
 */
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const MESSAGE = 'Queries live in repositories (*.repository.ts, docs/decisions/056).';

const eslint = new ESLint({ cwd: process.cwd() });

/** The messages of the query rule for `code` as if it were the file at `filePath`. */
async function queryErrors(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax');
}

const SELECT = `import type { Db } from '@/db/database';

export async function findUser(db: Db, id: string) {
  return db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
}
`;

const RAW = `import { sql } from 'kysely';
import type { Db } from '@/db/database';

export async function one(db: Db) {
  return sql\`select 1\`.execute(db);
}
`;

describe('queries live in repositories', () => {
  // The first lint loads the config, the parsers and the plugins: seconds on a loaded machine, not a test's budget.
  beforeAll(() => queryErrors('export {};\n', 'functions/warm-up.ts'), 60_000);

  it('refuses a query builder in a service, with the message', async () => {
    const errors = await queryErrors(SELECT, 'functions/example/example.service.ts');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ severity: 2, message: MESSAGE, line: 4 });
  });

  it('accepts the same code in a repository', async () => {
    expect(await queryErrors(SELECT, 'functions/example/example.repository.ts')).toEqual([]);
  });

  it("refuses Kysely's sql in a service: its import and the tag", async () => {
    const errors = await queryErrors(RAW, 'functions/example/example.service.ts');
    expect(errors.map((e) => [e.line, e.message])).toEqual([
      [1, MESSAGE],
      [5, MESSAGE],
    ]);
    expect(await queryErrors(RAW, 'functions/example/example.repository.ts')).toEqual([]);
  });

  it("refuses sql's helpers and inserts, updates and deletes too", async () => {
    const code = `import type { Db } from '@/db/database';
declare const sql: { raw(text: string): unknown };

export async function write(db: Db) {
  sql.raw('commit');
  await db.insertInto('users').values({ id: 'a' }).execute();
  await db.updateTable('users').set({ name: 'b' }).execute();
  await db.deleteFrom('users').execute();
}
`;
    const errors = await queryErrors(code, 'src/pages/api/example.ts');
    expect(errors.map((e) => e.line)).toEqual([5, 6, 7, 8]);
  });

  it('refuses a query in an Astro page', async () => {
    const page = `---
import { getDb } from '@/db/database';
const db = await getDb();
const users = await db.selectFrom('users').select('id').execute();
---

<p>{users.length}</p>
`;
    const errors = await queryErrors(page, 'src/pages/example.astro');
    expect(errors.map((e) => [e.line, e.message])).toEqual([[4, MESSAGE]]);
  });

  it('leaves db/, tests/ and scripts/ free to query', async () => {
    for (const filePath of ['db/seed/example.ts', 'tests/integration/example.test.ts', 'scripts/example.ts']) {
      expect(await queryErrors(RAW, filePath)).toEqual([]);
      expect(await queryErrors(SELECT, filePath)).toEqual([]);
    }
  });
});
