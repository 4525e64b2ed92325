/**
 * The Disable / Enable buttons of /sales's licence keys panel (LicensePanel.astro): each
 * `[data-license-id]` button sends PATCH /api/me/licenses/{id} { disabled } and, once the
 * server answered, shows the key's new state in its row (no reload: the creator may be
 * working through a list of keys a buyer reported).
 */
import { api, ApiError } from '@/src/shared/api/client';
import { toast } from '@/src/stores/toasts';

interface ChangedLicense {
  key: string;
  disabled: boolean;
}

function show(button: HTMLButtonElement, license: ChangedLicense): void {
  button.dataset['disabled'] = String(license.disabled);
  const action = button.querySelector('[data-license-action]');
  if (action) action.textContent = license.disabled ? 'Enable' : 'Disable';
  const status = button.closest('tr')?.querySelector('[data-license-status]');
  if (status) {
    status.textContent = license.disabled ? 'Disabled' : 'Active';
    status.classList.toggle('is-refunded', license.disabled);
    status.classList.toggle('is-completed', !license.disabled);
  }
}

export function wireLicenseButtons(): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-license-id]')) {
    button.addEventListener('click', async () => {
      const disabled = button.dataset['disabled'] !== 'true';
      button.disabled = true;
      try {
        const body = await api('PATCH /api/me/licenses/{id}', { params: { id: button.dataset['licenseId'] ?? '' }, body: { disabled } });
        show(button, body);
        toast({
          title: body.disabled ? 'License key disabled' : 'License key enabled',
          description: body.disabled ? `${body.key} no longer verifies.` : `${body.key} verifies again.`,
          variant: 'success',
        });
      } catch (error) {
        toast({
          title: 'Change failed',
          description: error instanceof ApiError ? error.message : 'The license key could not be changed. Please try again.',
          variant: 'destructive',
        });
      } finally {
        button.disabled = false;
      }
    });
  }
}
