/**
 * Where the e2e server runs: port E2E_PORT with its own data folder, so two runs on
 * different ports never share (or delete) each other's data. Without E2E_PORT a free port is
 * picked, so `npm test` never depends on one port being free.
 *
 * playwright.config.ts is evaluated in the runner and again in every worker, and the specs
 * import this module in the workers: the runner picks the port once and puts it in
 * process.env, which the workers inherit, so all of them agree.
 */
import { execFileSync } from 'node:child_process';

/** A port nothing listens on right now (asked of the OS in a child, so this module stays synchronous). */
export function freePort(): number {
  const script = "const s=require('node:net').createServer();s.listen(0,'localhost',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}

process.env['E2E_PORT'] ||= String(freePort());

export const E2E_PORT = Number(process.env['E2E_PORT']);
export const E2E_DATA_DIR = `.test-data/e2e-${E2E_PORT}`;

/**
 * Where the webhook e2e test runs its receiver: the server is started with
 * OUTBOUND_ALLOW_HOSTS=127.0.0.1:<this port>, the only private address it may send webhooks to
 * (docs/decisions/027). Picked once by the runner like E2E_PORT.
 */
process.env['E2E_RECEIVER_PORT'] ||= String(freePort());
export const E2E_RECEIVER_PORT = Number(process.env['E2E_RECEIVER_PORT']);

/**
 * The second server of tests/e2e/review-queue.spec.ts: the same build's sources with the
 * new-creator review queue on (NEW_CREATOR_REVIEW, docs/decisions/031), on its own port and
 * data folder. The first server runs with the queue off, so the other specs' new creators
 * publish at once.
 */
process.env['E2E_REVIEW_PORT'] ||= String(freePort());
export const E2E_REVIEW_PORT = Number(process.env['E2E_REVIEW_PORT']);
export const E2E_REVIEW_DATA_DIR = `.test-data/e2e-review-${E2E_REVIEW_PORT}`;
