/**
 * 'Download again' for lists of things the user already has (/library): one download at a time
 * (a useApiMutation), the spec's toasts, the delivery started as on the
 * product page (download-client.ts), and a panel of what was delivered that takes focus.
 */
import { useEffect, useRef, useState } from 'react';
import type { Delivery } from '@/src/shared/delivery';
import { toast } from '@/src/stores/toasts';
import { useApiMutation } from '../hooks/use-api';
import { deliver, requestDownload, showUnexpectedDownloadError } from './download-client';

export type Delivered = Delivery & { title: string };

export function useRedownload(options: { returnTo: string; successTitle?: string; onDelivered?(key: string): void }) {
  const [delivered, setDelivered] = useState<Delivered | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  useEffect(() => {
    if (delivered) panel.current?.focus();
  }, [delivered]);

  const download = useApiMutation((_signal, _key: string, item: { productId: string; title: string }) => requestDownload(item.productId), {
    onSuccess: (outcome, key, item) => {
      if (outcome.kind === 'login-required') {
        window.location.assign(`/auth?mode=login&redirect=${encodeURIComponent(options.returnTo)}`);
        return;
      }
      if (outcome.kind === 'failed') {
        toast({ title: 'Download Failed', description: outcome.message, variant: 'destructive' });
        return;
      }
      toast({ title: options.successTitle ?? outcome.message, variant: 'success' });
      deliver(outcome.delivery, (run, delayMs) => timers.current.push(setTimeout(run, delayMs)));
      setDelivered({ title: item.title, ...outcome.delivery });
      options.onDelivered?.(key);
    },
    onError: showUnexpectedDownloadError,
  });

  return {
    /** The key of the row downloading now. */
    busy: download.pending?.[0] ?? null,
    delivered,
    panel,
    /** Downloads item.productId again (one download at a time); `key` marks which row is busy. */
    redownload(key: string, item: { productId: string; title: string }): void {
      if (!download.busy) void download.run(key, item);
    },
  };
}
