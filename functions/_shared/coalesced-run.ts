/**
 * A background run started right after a change commits, coalesced: the "kick" of the email
 * sender (functions/email/email.service.ts kickEmailSending), so the API answers at once and
 * the work starts without waiting for the next scheduled job. (Webhook deliveries are a
 * reaction to an event on the job engine instead: docs/decisions/055.)
 *
 * - kick(arg): starts run(arg) without waiting. A kick while a run is going makes that run go
 *   once more when it ends (the change may have come after it claimed its rows), however many
 *   kicks came meanwhile; the extra passes use the first kick's argument (one database per process).
 * - A failure is logged (console.warn with `failureNote`) and never thrown: the rows stay due
 *   and the scheduled job picks them up.
 * - idle(): resolves when no run is going in this process (tests, shutdown).
 */
export interface CoalescedRun<A> {
  kick(arg: A): void;
  idle(): Promise<void>;
}

export function coalescedRun<A>(run: (arg: A) => Promise<unknown>, failureNote: string): CoalescedRun<A> {
  let running: Promise<void> | null = null;
  let again = false;
  return {
    kick(arg: A): void {
      if (running) {
        again = true;
        return;
      }
      running = (async () => {
        do {
          again = false;
          await run(arg);
        } while (again);
      })()
        .catch((error: unknown) => console.warn(failureNote, (error as Error).message))
        .finally(() => {
          running = null;
        });
    },
    async idle(): Promise<void> {
      while (running) await running;
    },
  };
}
