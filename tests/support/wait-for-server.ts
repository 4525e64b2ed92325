/**
 * Waiting for a real `npm start` (scripts/start.ts) that an integration test spawned: until a
 * condition holds (a line in its output, an answer on its port), never for a fixed time. The
 * one polling loop of those tests is vitest's vi.waitFor, which also bounds the wait.
 */
import type { ChildProcess } from 'node:child_process';
import { vi } from 'vitest';

/**
 * Resolves once `isReady()` is true, checked every `interval` ms. Fails, with what the server
 * printed, when the server exits first (at the next check) or after `timeout` ms.
 */
export async function waitForServer(
  server: ChildProcess,
  isReady: () => boolean | Promise<boolean>,
  options: { waitingFor: string; output: () => string; timeout: number; interval?: number },
): Promise<void> {
  const outcome = await vi
    .waitFor(
      async () => {
        if (server.exitCode !== null || server.signalCode !== null) return 'exited';
        if (!(await isReady())) throw new Error(`still waiting for ${options.waitingFor}`);
        return 'ready';
      },
      { timeout: options.timeout, interval: options.interval ?? 250 },
    )
    .catch(() => 'timed out');
  if (outcome === 'exited') throw new Error(`npm start exited before ${options.waitingFor}:\n${options.output()}`);
  if (outcome === 'timed out') throw new Error(`npm start: no ${options.waitingFor} within ${options.timeout / 1000} s:\n${options.output()}`);
}
