/**
 * The decision forms of RefundRequestsPanel.astro (/sales and /admin/refunds): the button
 * pressed says approve or decline; the form POSTs /api/refund-requests/{id}/decision with the
 * optional message (the typed client), says so and reloads the page. Both buttons are disabled
 * while it is sent; a refusal (already decided: 409) is shown with the server's message.
 */
import { api } from '@/src/shared/api/client';
import { toast } from '@/src/stores/toasts';

export function wireRefundRequestForms(): void {
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-decide]')) {
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const submitter = (event as SubmitEvent).submitter as HTMLButtonElement | null;
      const decision = submitter?.value === 'decline' ? 'decline' : 'approve';
      const message = String(new FormData(form).get('message') ?? '').trim();
      const buttons = [...form.querySelectorAll<HTMLButtonElement>('button')];
      buttons.forEach((b) => (b.disabled = true));
      try {
        await api('POST /api/refund-requests/{id}/decision', {
          params: { id: form.dataset['decide'] ?? '' },
          body: { decision, ...(message ? { message } : {}) },
        });
        toast({
          title: decision === 'approve' ? 'Refund approved' : 'Refund declined',
          description: decision === 'approve' ? 'The buyer has been refunded and told.' : 'The buyer has been told and keeps access.',
          variant: 'success',
        });
        setTimeout(() => window.location.reload(), 900);
      } catch (error) {
        toast({ title: 'Decision failed', description: (error as Error).message, variant: 'destructive' });
        buttons.forEach((b) => (b.disabled = false));
      }
    });
  }
}
