/**
 * A console.error during a test is a bug somewhere: fail the test (epic-stack's rule).
 * Tests that expect a logged error spy on console.error themselves.
 */
import { afterEach, beforeEach, vi } from 'vitest';

let spy: ReturnType<typeof vi.spyOn> | undefined;

beforeEach(() => {
  spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(' ')}`);
  });
});

afterEach(() => {
  spy?.mockRestore();
});
