/**
 * The Retry buttons of /admin/jobs (docs/decisions/044): each POSTs
 * /api/admin/jobs/{id}/retry. Done, the row says the job is queued to run again (it leaves
 * the list of failed jobs on the next load, and comes back if it fails again); refused (409:
 * retried meanwhile by someone else), the toast says why and the button stays off.
 */
import { api, ApiError } from '@/src/shared/api/client';
import { toast } from '@/src/stores/toasts';

export function wireJobRetries(): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-job-retry]')) {
    button.addEventListener('click', async () => {
      const id = button.dataset['jobRetry'] ?? '';
      const cell = button.closest<HTMLElement>('[data-job-state]');
      button.disabled = true;
      try {
        const job = await api('POST /api/admin/jobs/{id}/retry', { params: { id } });
        toast({ title: 'Retrying', description: `${job.name} runs again in a moment.`, variant: 'success' });
        if (cell) cell.textContent = 'Queued to run again';
      } catch (error) {
        const settled = error instanceof ApiError && error.status === 409;
        toast({ title: 'Retry failed', description: (error as Error).message, variant: 'destructive' });
        if (!settled) button.disabled = false;
      }
    });
  }
}
