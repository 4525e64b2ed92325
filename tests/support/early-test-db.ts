/**
 * Integration setup file: starts this file's embedded database before the file is imported
 * (tests/support/early-pglite.ts, docs/decisions/046). Only on the embedded database with the
 * run's template (a server database of DATABASE_URL is a `create database … template …` away),
 * and only for a file that calls createTestDb(): a file that starts its own servers would pay
 * for a database it never opens. A file that names createTestDb() without calling it gets its
 * unused database closed at its end.
 */
import fs from 'node:fs';
import { afterAll, expect } from 'vitest';
import { startEarlyPglite, takeEarlyPglite, TEMPLATE_ENV } from './early-pglite';

const template = process.env[TEMPLATE_ENV];
const file = expect.getState().testPath;

if (template && !process.env['DATABASE_URL'] && file && /\bcreateTestDb\(/.test(fs.readFileSync(file, 'utf8'))) {
  startEarlyPglite(template);
  afterAll(async () => {
    await takeEarlyPglite(template)?.close();
  });
}
