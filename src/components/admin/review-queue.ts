/**
 * The buttons of /admin/products (docs/decisions/031): Approve POSTs
 * /api/admin/products/{id}/approve; each Reject form POSTs its reason to
 * /api/admin/products/{id}/reject and shows a refused reason under its field. Either way the
 * product leaves the queue: its card is removed (the toast says what happened).
 */
import { api, ApiError } from '@/src/shared/api/client';
import { toast } from '@/src/stores/toasts';

/** The decided product leaves the list; the count follows, and an empty list says so. */
function settle(card: HTMLElement | null): void {
  const list = card?.parentElement;
  card?.remove();
  const left = document.querySelectorAll('[data-review-card]').length;
  const count = document.querySelector('[data-review-count]');
  if (count) count.textContent = `${left} waiting`;
  if (left === 0 && list) {
    const done = document.createElement('p');
    done.className = 'muted';
    done.textContent = 'Nothing left to review.';
    list.replaceWith(done);
  }
}

export function wireReviewQueue(): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-approve-product]')) {
    button.addEventListener('click', async () => {
      const id = button.dataset['approveProduct'] ?? '';
      button.disabled = true;
      try {
        await api('POST /api/admin/products/{id}/approve', { params: { id } });
        toast({ title: 'Product approved', description: `${button.dataset['title'] ?? 'It'} is now on the marketplace.`, variant: 'success' });
        settle(button.closest<HTMLElement>('[data-review-card]'));
      } catch (error) {
        toast({ title: 'Approve failed', description: (error as Error).message, variant: 'destructive' });
        button.disabled = false;
      }
    });
  }
  for (const form of document.querySelectorAll<HTMLFormElement>('[data-reject-product]')) {
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const id = form.dataset['rejectProduct'] ?? '';
      const field = form.querySelector<HTMLTextAreaElement>('textarea[name="reason"]');
      const message = form.querySelector<HTMLElement>('[data-reason-error]');
      const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
      if (message) message.textContent = '';
      field?.removeAttribute('aria-invalid');
      if (submit) submit.disabled = true;
      try {
        await api('POST /api/admin/products/{id}/reject', { params: { id }, body: { reason: field?.value ?? '' } });
        toast({ title: 'Product rejected', description: 'The creator has been told why.', variant: 'success' });
        settle(form.closest<HTMLElement>('[data-review-card]'));
      } catch (error) {
        const refused = error instanceof ApiError ? error.fields['reason'] : undefined;
        if (refused && message && field) {
          message.textContent = refused;
          field.setAttribute('aria-invalid', 'true');
          field.focus();
        } else toast({ title: 'Reject failed', description: (error as Error).message, variant: 'destructive' });
        if (submit) submit.disabled = false;
      }
    });
  }
}
