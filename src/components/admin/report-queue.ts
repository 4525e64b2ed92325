/**
 * The forms of /admin/reports (docs/decisions/037): each open report's form POSTs its action and
 * reason (with the end date and 'hide their content' for a suspension) to
 * /api/admin/reports/{id}/actions. No action is chosen beforehand, and one that others see
 * (anything but dismiss) asks 'Confirm' first. The end date field shows only for a suspension; a refused
 * reason or date shows under its field. Done, the report leaves the list with every other card
 * of the same target (the action resolved them all), and the toast says what happened.
 * 'Lift suspension' (docs/decisions/042) POSTs its reason to /api/admin/users/{userId}/unsuspend;
 * done, every 'Author suspended' badge and form of that user leaves the page.
 * 'Reset reputation' (docs/decisions/052) POSTs its reason to
 * /api/admin/users/{userId}/reputation/reset; done, the figure on the page is the new one.
 */
import { api, ApiError } from '@/src/shared/api/client';
import { MODERATION_ACTIONS, MODERATION_ACTION_LABELS, isOneOf } from '@/src/shared/domain';
import { toast } from '@/src/stores/toasts';

function settle(targetId: string): void {
  for (const card of document.querySelectorAll<HTMLElement>(`[data-report-card][data-target-id="${CSS.escape(targetId)}"]`)) {
    const list = card.parentElement;
    card.remove();
    if (list && !list.querySelector('[data-report-card]')) {
      const done = document.createElement('p');
      done.className = 'muted';
      done.textContent = 'Nothing left to review.';
      list.replaceWith(done);
    }
  }
}

export function wireReportQueue(): void {
  for (const form of document.querySelectorAll<HTMLFormElement>('[data-report-action]')) {
    const select = form.querySelector<HTMLSelectElement>('[data-action-select]');
    const suspendFields = form.querySelector<HTMLElement>('[data-suspend-fields]');
    const confirmLine = form.querySelector<HTMLElement>('[data-action-confirm]');
    const applyButton = form.querySelector<HTMLButtonElement>('[data-action-submit]');
    const applyLabel = applyButton?.innerHTML ?? '';
    // An action others see (hide, remove, lock, suspend) is applied on a second, explicit click.
    let confirmed: string | null = null;
    const sync = () => {
      if (suspendFields) suspendFields.hidden = select?.value !== 'suspend';
      confirmed = null;
      if (confirmLine) confirmLine.hidden = true;
      if (applyButton) applyButton.innerHTML = applyLabel;
    };
    select?.addEventListener('change', sync);
    sync();
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const id = form.dataset['reportAction'] ?? '';
      const card = form.closest<HTMLElement>('[data-report-card]');
      const reason = form.querySelector<HTMLTextAreaElement>('textarea[name="reason"]');
      const until = form.querySelector<HTMLInputElement>('input[name="until"]');
      const hideContent = form.querySelector<HTMLInputElement>('input[name="hideContent"]');
      const message = form.querySelector<HTMLElement>('[data-action-error]');
      const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
      const action = select?.value ?? '';
      if (message) message.textContent = '';
      if (!isOneOf(MODERATION_ACTIONS, action)) {
        if (message) message.textContent = 'Choose an action.';
        select?.focus();
        return;
      }
      if (action !== 'dismiss' && confirmed !== action) {
        confirmed = action;
        const chosen = select?.selectedOptions[0]?.textContent?.trim() ?? action;
        if (confirmLine) {
          confirmLine.textContent = `${chosen}: this changes what people see, and is logged with your reason. Press 'Confirm' to apply it.`;
          confirmLine.hidden = false;
        }
        if (applyButton) applyButton.textContent = `Confirm: ${chosen}`;
        applyButton?.focus();
        return;
      }
      reason?.removeAttribute('aria-invalid');
      if (submit) submit.disabled = true;
      try {
        // datetime-local has no zone: the form says UTC, so it is read as UTC.
        const untilIso = action === 'suspend' && until?.value ? new Date(`${until.value}:00Z`).toISOString() : null;
        await api('POST /api/admin/reports/{id}/actions', {
          params: { id },
          body: {
            action,
            reason: reason?.value ?? '',
            ...(action === 'suspend' ? { until: untilIso, hideContent: Boolean(hideContent?.checked) } : {}),
          },
        });
        toast({ title: MODERATION_ACTION_LABELS[action], description: 'Logged with your reason.', variant: 'success' });
        settle(card?.dataset['targetId'] ?? '');
      } catch (error) {
        const fields = error instanceof ApiError ? error.fields : {};
        const refused = fields['reason'] ?? fields['until'];
        if (refused && message) {
          message.textContent = refused;
          if (fields['reason'] && reason) {
            reason.setAttribute('aria-invalid', 'true');
            reason.focus();
          }
        } else toast({ title: 'Action failed', description: (error as Error).message, variant: 'destructive' });
        if (submit) submit.disabled = false;
      }
    });
  }
}

/**
 * A form of one reason about one user ('Lift suspension', 'Reset reputation'): POSTs it with
 * `send`; a refused reason shows under its field, which is marked and focused.
 */
function wireUserReasonForms(attribute: string, errorAttribute: string, send: (userId: string, reason: string) => Promise<void>): void {
  for (const form of document.querySelectorAll<HTMLFormElement>(`[${attribute}]`)) {
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const userId = form.getAttribute(attribute) ?? '';
      const reason = form.querySelector<HTMLInputElement>('input[name="reason"]');
      const message = form.querySelector<HTMLElement>(`[${errorAttribute}]`);
      const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
      if (message) message.textContent = '';
      reason?.removeAttribute('aria-invalid');
      if (submit) submit.disabled = true;
      try {
        await send(userId, reason?.value ?? '');
        if (reason) reason.value = '';
      } catch (error) {
        const refused = error instanceof ApiError ? (error.fields['reason'] ?? error.message) : (error as Error).message;
        if (message) message.textContent = refused;
        if (error instanceof ApiError && error.fields['reason'] && reason) {
          reason.setAttribute('aria-invalid', 'true');
          reason.focus();
        }
      } finally {
        if (submit) submit.disabled = false;
      }
    });
  }
}

export function wireLiftSuspension(): void {
  wireUserReasonForms('data-lift-suspension', 'data-lift-error', async (userId, reason) => {
    await api('POST /api/admin/users/{userId}/unsuspend', { params: { userId }, body: { reason } });
    toast({ title: MODERATION_ACTION_LABELS.unsuspend, description: 'Logged with your reason; they were told.', variant: 'success' });
    for (const el of document.querySelectorAll(`[data-suspended-badge="${CSS.escape(userId)}"], [data-lift-suspension="${CSS.escape(userId)}"]`)) el.remove();
  });
}

export function wireReputationReset(): void {
  wireUserReasonForms('data-reset-reputation', 'data-reset-error', async (userId, reason) => {
    const done = await api('POST /api/admin/users/{userId}/reputation/reset', { params: { userId }, body: { reason } });
    for (const el of document.querySelectorAll(`[data-reputation="${CSS.escape(userId)}"] [data-reputation-score]`)) el.textContent = String(done.score);
    toast({ title: 'Reputation reset', description: 'Logged with your reason.', variant: 'success' });
  });
}
