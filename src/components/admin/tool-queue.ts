/**
 * The forms of /admin/tools (docs/decisions/038): each submission's form POSTs
 * /api/admin/tools/{id}/review with the button's decision and the message; each claim's form
 * /api/admin/tool-claims/{id}/review; the revoke form /api/admin/tools/{id}/revoke. A refused
 * message shows under its field; a decided card leaves the list.
 */
import { api, ApiError } from '@/src/shared/api/client';
import { toast } from '@/src/stores/toasts';

const DONE: Record<string, string> = { approve: 'Approved', request_changes: 'Changes requested', reject: 'Rejected' };

function wire(form: HTMLFormElement, send: (decision: string, message: string) => Promise<unknown>, onDone: () => void): void {
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const decision = (event.submitter as HTMLButtonElement | null)?.value ?? 'approve';
    const field = form.querySelector<HTMLTextAreaElement>('textarea');
    const error = form.querySelector<HTMLElement>('[data-message-error]');
    if (error) error.textContent = '';
    field?.removeAttribute('aria-invalid');
    const buttons = [...form.querySelectorAll<HTMLButtonElement>('button')];
    for (const b of buttons) b.disabled = true;
    try {
      await send(decision, field?.value.trim() ?? '');
      toast({ title: DONE[decision] ?? 'Done', description: 'The person concerned has been emailed.', variant: 'success' });
      onDone();
    } catch (failure) {
      const refused = failure instanceof ApiError ? (failure.fields['message'] ?? failure.fields['reason']) : undefined;
      if (refused && error && field) {
        error.textContent = refused;
        field.setAttribute('aria-invalid', 'true');
        field.focus();
      } else toast({ title: 'Not saved', description: (failure as Error).message, variant: 'destructive' });
      for (const b of buttons) b.disabled = false;
    }
  });
}

export function wireToolQueue(): void {
  for (const form of document.querySelectorAll<HTMLFormElement>('[data-tool-review]')) {
    const toolId = form.dataset['toolReview'] ?? '';
    wire(
      form,
      (decision, message) =>
        api('POST /api/admin/tools/{toolId}/review', {
          params: { toolId },
          body: { decision: decision as 'approve' | 'request_changes' | 'reject', message: message || null },
        }),
      () => form.closest('[data-tool-card]')?.remove(),
    );
  }
  for (const form of document.querySelectorAll<HTMLFormElement>('[data-claim-review]')) {
    const claimId = form.dataset['claimReview'] ?? '';
    wire(
      form,
      (decision, message) =>
        api('POST /api/admin/tool-claims/{claimId}/review', {
          params: { claimId },
          body: { decision: decision as 'approve' | 'reject', message: message || null },
        }),
      () => form.closest('[data-claim-card]')?.remove(),
    );
  }
  const revoke = document.querySelector<HTMLFormElement>('[data-tool-revoke]');
  if (revoke) {
    wire(
      revoke,
      (_decision, reason) =>
        api('POST /api/admin/tools/{toolId}/revoke', { params: { toolId: revoke.querySelector('select')?.value ?? '' }, body: { reason } }),
      () => window.location.reload(),
    );
  }
}
