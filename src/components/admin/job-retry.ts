/**
 * The retry buttons of /admin/jobs (docs/decisions/044): Retry on a failed job POSTs
 * /api/admin/jobs/{id}/retry, Send again on a failed email /api/admin/emails/{id}/retry. Done,
 * the row says it is queued (it leaves the list on the next load, and comes back if it fails
 * again); refused (409: retried meanwhile by someone else), the toast says why and the button
 * stays off.
 */
import { api, ApiError } from '@/src/shared/api/client';
import { toast } from '@/src/stores/toasts';

function wire(selector: string, run: (button: HTMLButtonElement) => Promise<{ done: string; state: string }>): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>(selector)) {
    button.addEventListener('click', async () => {
      const cell = button.closest<HTMLElement>('[data-job-state]');
      button.disabled = true;
      try {
        const { done, state } = await run(button);
        toast({ title: 'Retrying', description: done, variant: 'success' });
        if (cell) cell.textContent = state;
      } catch (error) {
        const settled = error instanceof ApiError && error.status === 409;
        toast({ title: 'Retry failed', description: (error as Error).message, variant: 'destructive' });
        if (!settled) button.disabled = false;
      }
    });
  }
}

export function wireJobRetries(): void {
  wire('[data-job-retry]', async (button) => {
    const job = await api('POST /api/admin/jobs/{id}/retry', { params: { id: button.dataset['jobRetry'] ?? '' } });
    return { done: `${job.name} runs again in a moment.`, state: 'Queued to run again' };
  });
  wire('[data-email-retry]', async (button) => {
    const email = await api('POST /api/admin/emails/{id}/retry', { params: { id: button.dataset['emailRetry'] ?? '' } });
    return { done: `The email to ${email.to ?? 'a deleted account'} goes out again in a moment.`, state: 'Queued to send again' };
  });
}
