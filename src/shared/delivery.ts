/**
 * What a download delivers, by delivery type, with the fallbacks of spec section 9:
 * file: file_urls, falling back to download_url; link: download_url, falling back to
 * demo_url; text: content_text; multiple: all three; anything else: download_url then demo_url.
 * Pure, so it is unit-tested with the spec's cases.
 */
import type { DeliveryType, DownloadType } from './domain';
export interface DeliverySource {
  content_delivery_type: DeliveryType | string | null;
  file_urls: string[] | null;
  download_url: string | null;
  demo_url: string | null;
  content_text: string | null;
}

export interface Delivery {
  fileUrls: string[];
  downloadUrl: string | null;
  contentText: string | null;
}

const present = (value: string | null | undefined): string | null => (value && value.trim() ? value : null);

export function selectDelivery(p: DeliverySource): Delivery {
  const files = (p.file_urls ?? []).filter((u) => present(u));
  const download = present(p.download_url);
  const demo = present(p.demo_url);
  const text = present(p.content_text);
  switch (p.content_delivery_type) {
    case 'file':
      return files.length ? { fileUrls: files, downloadUrl: null, contentText: null } : { fileUrls: [], downloadUrl: download, contentText: null };
    case 'link':
      return { fileUrls: [], downloadUrl: download ?? demo, contentText: null };
    case 'text':
      return { fileUrls: [], downloadUrl: null, contentText: text };
    case 'multiple':
      return { fileUrls: files, downloadUrl: download, contentText: text };
    default:
      return { fileUrls: [], downloadUrl: download ?? demo, contentText: null };
  }
}

export function hasDeliverable(d: Delivery): boolean {
  return d.fileUrls.length > 0 || Boolean(d.downloadUrl) || Boolean(d.contentText);
}

/** A download is recorded free when the price is 0 or missing, else paid (spec section 9). */
export function downloadTypeFor(price: number | string | null | undefined): DownloadType {
  const value = Number(price ?? 0);
  return Number.isFinite(value) && value > 0 ? 'paid' : 'free';
}
