/**
 * The Refund buttons of /sales (the sale's creator) and /admin/orders (an admin): each
 * `[data-refund-order]` button confirms, POSTs /api/orders/{id}/refund and reloads the page.
 */
import { toast } from '@/src/stores/toasts';

export function wireRefundButtons(successTitle: string): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-refund-order]')) {
    button.addEventListener('click', async () => {
      if (!window.confirm(`Refund ${button.dataset['label'] ?? 'this order'}? The buyer gets their money back and loses access.`)) return;
      button.disabled = true;
      try {
        const response = await fetch(`/api/orders/${encodeURIComponent(button.dataset['refundOrder'] ?? '')}/refund`, {
          method: 'POST',
          credentials: 'same-origin',
          headers: { accept: 'application/json' },
        });
        const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
        if (!response.ok) throw new Error(body?.error?.message ?? 'Refund failed');
        toast({ title: successTitle, description: 'The buyer has been refunded.', variant: 'success' });
        setTimeout(() => window.location.reload(), 900);
      } catch (error) {
        toast({ title: 'Refund failed', description: (error as Error).message, variant: 'destructive' });
        button.disabled = false;
      }
    });
  }
}
