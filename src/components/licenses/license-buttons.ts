/**
 * The Disable / Enable buttons of /sales's licence keys panel (LicensePanel.astro): each
 * `[data-license-id]` button sends PATCH /api/me/licenses/{id} { disabled } and, once the
 * server answered, shows the key's new state in its row (no reload: the creator may be
 * working through a list of keys a buyer reported).
 */
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
        const response = await fetch(`/api/me/licenses/${encodeURIComponent(button.dataset['licenseId'] ?? '')}`, {
          method: 'PATCH',
          credentials: 'same-origin',
          headers: { accept: 'application/json', 'content-type': 'application/json' },
          body: JSON.stringify({ disabled }),
        });
        const body = (await response.json().catch(() => null)) as (ChangedLicense & { error?: { message?: string } }) | null;
        if (!response.ok || !body) throw new Error(body?.error?.message ?? 'The license key could not be changed. Please try again.');
        show(button, body);
        toast({
          title: body.disabled ? 'License key disabled' : 'License key enabled',
          description: body.disabled ? `${body.key} no longer verifies.` : `${body.key} verifies again.`,
          variant: 'success',
        });
      } catch (error) {
        toast({ title: 'Change failed', description: (error as Error).message, variant: 'destructive' });
      } finally {
        button.disabled = false;
      }
    });
  }
}
