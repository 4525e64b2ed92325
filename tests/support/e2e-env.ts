/**
 * Where the e2e servers run (docs/decisions/046). The specs run in E2E_WORKERS Playwright
 * workers (2 by default), and each worker has a server of its own: its own port, data folder
 * (embedded database, outbox, blobs, page store) and webhook receiver port, all serving the
 * run's one build. So a worker's specs see only their own writes, as they did when one worker
 * ran them all, and the embedded database keeps its single writer.
 *
 * Ports: server 0 listens on E2E_PORT when it is set; every other port is a free one, so
 * `npm test` never depends on one port being free, and two runs never share (or delete) each
 * other's data. playwright.config.ts is evaluated in the runner and again in every worker, and
 * the specs import this module in the workers: the runner picks the ports once and puts them in
 * process.env, which the workers inherit, so all of them agree; a worker finds its own server
 * by TEST_PARALLEL_INDEX, which Playwright sets before it loads the config (0 in the runner).
 */
import { execFileSync } from 'node:child_process';

/** A port nothing listens on right now (asked of the OS in a child, so this module stays synchronous). */
function freePort(): number {
  const script = "const s=require('node:net').createServer();s.listen(0,'localhost',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}

export const E2E_WORKERS = Math.max(1, Number(process.env['E2E_WORKERS'] ?? 2) || 1);

/** What one worker's server is: where it listens, where it keeps its data, and the one private host:port it may send webhooks and feed fetches to. */
export interface E2EServer {
  port: number;
  dataDir: string;
  receiverPort: number;
}

function serverOf(index: number): E2EServer {
  const portKey = `E2E_PORT_${index}`;
  process.env[portKey] ||= index === 0 && process.env['E2E_PORT'] ? process.env['E2E_PORT'] : String(freePort());
  // Where a spec runs its webhook receiver or feed server (tests/support/webhook-receiver.ts):
  // the server is started with OUTBOUND_ALLOW_HOSTS=127.0.0.1:<this port>, the only private
  // address it may reach (docs/decisions/027). One per worker: two specs may serve at once.
  const receiverKey = `E2E_RECEIVER_PORT_${index}`;
  process.env[receiverKey] ||= String(freePort());
  const port = Number(process.env[portKey]);
  return { port, dataDir: `.test-data/e2e-${port}`, receiverPort: Number(process.env[receiverKey]) };
}

/** Every worker's server, in the order of their parallel index. */
export const E2E_SERVERS: E2EServer[] = Array.from({ length: E2E_WORKERS }, (_, i) => serverOf(i));

const own = E2E_SERVERS[Number(process.env['TEST_PARALLEL_INDEX'] ?? 0)] ?? E2E_SERVERS[0]!;

/** This worker's server. */
export const E2E_PORT = own.port;
export const E2E_DATA_DIR = own.dataDir;
export const E2E_RECEIVER_PORT = own.receiverPort;

/**
 * The server of tests/e2e/review-queue.spec.ts: the same build with the new-creator review
 * queue on (NEW_CREATOR_REVIEW, docs/decisions/031), on its own port and data folder. The
 * workers' servers run with the queue off, so the other specs' new creators publish at once.
 */
process.env['E2E_REVIEW_PORT'] ||= String(freePort());
export const E2E_REVIEW_PORT = Number(process.env['E2E_REVIEW_PORT']);
export const E2E_REVIEW_DATA_DIR = `.test-data/e2e-review-${E2E_REVIEW_PORT}`;
