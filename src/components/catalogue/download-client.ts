/**
 * The browser side of the download service (spec sections 7, 8 and 9), shared by the
 * product page's button and the profile's Redownload: the request and its outcomes, the
 * delivery (the link in a new tab, files 500 ms apart) and copying text.
 */
import { api, ApiError } from '@/src/shared/api/client';
import type { Delivery } from '@/src/shared/delivery';
import { toast } from '@/src/stores/toasts';

/** Spec section 9: multi-file downloads are spaced 500 ms. */
const FILE_DOWNLOAD_SPACING_MS = 500;

export type DownloadOutcome =
  | { kind: 'delivered'; message: string; delivery: Delivery }
  | { kind: 'login-required' }
  /** The service refused, with its message ('Download Failed'). */
  | { kind: 'failed'; message: string };

/** Throws on anything unexpected (network, 5xx): callers show 'Download Error'. */
export async function requestDownload(productId: string): Promise<DownloadOutcome> {
  try {
    const body = await api('POST /api/products/{id}/download', { params: { id: productId } });
    return {
      kind: 'delivered',
      message: body.message,
      delivery: { contentText: body.contentText, downloadUrl: body.downloadUrl, fileUrls: body.fileUrls },
    };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.code === 'UNAUTHENTICATED') return { kind: 'login-required' };
    // The service's own failures carry its message ('Download Failed'); anything else (the
    // network, a 500) is unexpected.
    if (error.code !== 'INTERNAL' && error.code !== 'NETWORK') return { kind: 'failed', message: error.message };
    throw error;
  }
}

export function showUnexpectedDownloadError(error: unknown): void {
  console.warn('[download] failed:', error);
  toast({ title: 'Download Error', description: 'An unexpected error occurred. Please try again or contact support.', variant: 'destructive' });
}

export function fileName(url: string): string {
  try {
    const path = new URL(url, window.location.href).pathname;
    return decodeURIComponent(path.slice(path.lastIndexOf('/') + 1)) || 'file';
  } catch {
    return 'file';
  }
}

function startFileDownload(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName(url);
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
}

/** Opens the link in a new tab and starts each file download 500 ms after the previous one. */
export function deliver(delivery: Delivery, schedule: (run: () => void, delayMs: number) => void): void {
  if (delivery.downloadUrl) window.open(delivery.downloadUrl, '_blank', 'noopener');
  delivery.fileUrls.forEach((url, i) => schedule(() => startFileDownload(url), i * FILE_DOWNLOAD_SPACING_MS));
}

/** Copies text with the spec's toasts; true when it worked. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: 'Copied to clipboard', variant: 'success' });
    return true;
  } catch (error) {
    console.warn('[download] copy failed:', error);
    toast({ title: 'Failed to copy', description: 'Could not copy text to clipboard', variant: 'destructive' });
    return false;
  }
}
