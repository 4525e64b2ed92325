/**
 * The Refund buttons of /sales (the sale's creator) and /admin/orders (an admin): each
 * `[data-refund-order]` button confirms, POSTs /api/orders/{id}/refund (the typed client) and
 * reloads the page.
 */
import { api } from '@/src/shared/api/client';
import { toast } from '@/src/stores/toasts';

export function wireRefundButtons(successTitle: string): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-refund-order]')) {
    button.addEventListener('click', async () => {
      if (!window.confirm(`Refund ${button.dataset['label'] ?? 'this order'}? The buyer gets their money back and loses access.`)) return;
      button.disabled = true;
      try {
        await api('POST /api/orders/{id}/refund', { params: { id: button.dataset['refundOrder'] ?? '' } });
        toast({ title: successTitle, description: 'The buyer has been refunded.', variant: 'success' });
        setTimeout(() => window.location.reload(), 900);
      } catch (error) {
        toast({ title: 'Refund failed', description: (error as Error).message, variant: 'destructive' });
        button.disabled = false;
      }
    });
  }
}
