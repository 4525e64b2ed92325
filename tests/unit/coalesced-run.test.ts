/**
 * coalescedRun (functions/_shared/coalesced-run.ts): the email sender's kick. A kick while a run is going makes exactly one more pass after it, however
 * many kicks came; a failure is logged, never thrown, and the next kick runs again; idle()
 * waits for the passes to end.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { coalescedRun } from '@/functions/_shared/coalesced-run';

/** A run whose passes the test lets end one by one. */
function controlledRun() {
  const passes: string[] = [];
  const gates: (() => void)[] = [];
  const run = (arg: string) => {
    passes.push(arg);
    return new Promise<void>((resolve) => gates.push(resolve));
  };
  const release = async () => {
    gates.shift()?.();
    // Let the loop see the end of the pass and start the next one, if any.
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { passes, run, release };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('coalescedRun', () => {
  it('runs at once, and kicks during a run make one more pass with the first argument', async () => {
    const { passes, run, release } = controlledRun();
    const runner = coalescedRun(run, '[test] failed:');
    runner.kick('first');
    expect(passes).toEqual(['first']);
    runner.kick('second');
    runner.kick('third');
    expect(passes).toEqual(['first']);
    await release();
    expect(passes).toEqual(['first', 'first']);
    await release();
    await runner.idle();
    expect(passes).toEqual(['first', 'first']);
    // Idle again: the next kick starts a run of its own, with its own argument.
    runner.kick('later');
    await release();
    await runner.idle();
    expect(passes).toEqual(['first', 'first', 'later']);
  });

  it('logs a failure with its note instead of throwing, and runs again on the next kick', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let calls = 0;
    const runner = coalescedRun(async () => {
      calls++;
      if (calls === 1) throw new Error('the database is away');
    }, '[test] sending after a change failed; the scheduled job retries:');
    runner.kick(null);
    await runner.idle();
    expect(warn).toHaveBeenCalledWith('[test] sending after a change failed; the scheduled job retries:', 'the database is away');
    runner.kick(null);
    await runner.idle();
    expect(calls).toBe(2);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('idle() resolves at once when nothing runs', async () => {
    const runner = coalescedRun(async () => {}, '[test]');
    await expect(runner.idle()).resolves.toBeUndefined();
  });
});
