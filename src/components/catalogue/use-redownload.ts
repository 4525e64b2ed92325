/**
 * 'Download again' for lists of things the user already has (/library, the download history
 * on /profile): one download at a time, the spec's toasts, the delivery started as on the
 * product page (download-client.ts), and a panel of what was delivered that takes focus.
 */
import { useEffect, useRef, useState } from 'react';
import type { Delivery } from '@/src/shared/delivery';
import { toast } from '@/src/stores/toasts';
import { deliver, requestDownload, showUnexpectedDownloadError } from './download-client';

export type Delivered = Delivery & { title: string };

export function useRedownload(options: { returnTo: string; successTitle?: string }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [delivered, setDelivered] = useState<Delivered | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  useEffect(() => {
    if (delivered) panel.current?.focus();
  }, [delivered]);

  /** Downloads item.productId again; `key` marks which row is busy. True when it was delivered. */
  async function redownload(key: string, item: { productId: string; title: string }): Promise<boolean> {
    if (busy) return false;
    setBusy(key);
    try {
      const outcome = await requestDownload(item.productId);
      if (outcome.kind === 'login-required') {
        window.location.assign(`/auth?mode=login&redirect=${encodeURIComponent(options.returnTo)}`);
        return false;
      }
      if (outcome.kind === 'failed') {
        toast({ title: 'Download Failed', description: outcome.message, variant: 'destructive' });
        return false;
      }
      toast({ title: options.successTitle ?? outcome.message, variant: 'success' });
      deliver(outcome.delivery, (run, delayMs) => timers.current.push(setTimeout(run, delayMs)));
      setDelivered({ title: item.title, ...outcome.delivery });
      return true;
    } catch (error) {
      showUnexpectedDownloadError(error);
      return false;
    } finally {
      setBusy(null);
    }
  }

  return { busy, setBusy, delivered, closeDelivered: () => setDelivered(null), panel, redownload };
}
