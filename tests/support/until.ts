/**
 * Waits for a condition outside a test: in the integration project's global setup, which runs
 * where vitest's own `vi.waitFor` cannot (it needs a test worker's state). `check` throws (or
 * rejects) until the condition holds; its last error is thrown after `timeout` ms.
 */
import { setTimeout as delay } from 'node:timers/promises';

export async function until(check: () => Promise<void> | void, options: { timeout: number; interval: number }): Promise<void> {
  const deadline = Date.now() + options.timeout;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() >= deadline) throw error;
    }
    await delay(options.interval);
  }
}
