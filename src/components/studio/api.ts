/**
 * The studio islands' calls to the API (src/pages/api/me/products, src/pages/api/uploads).
 * Every failure becomes an ApiError carrying the server's code, message and field messages
 * (the `{ error: { code, message, fields } }` shape of docs/decisions/002).
 */
import type { StudioProduct } from './types';

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

async function request<T>(url: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', ...init, headers: { accept: 'application/json', ...init.headers } });
  } catch {
    throw new ApiError('NETWORK', 'Network error: check your connection and try again.', 0);
  }
  if (response.status === 204) return undefined as T;
  const body = (await response.json().catch(() => null)) as { error?: { code?: string; message?: string; fields?: Record<string, string> } } | null;
  if (!response.ok) {
    const error = body?.error;
    throw new ApiError(error?.code ?? 'INTERNAL', error?.message ?? 'Something went wrong', response.status, error?.fields ?? {});
  }
  return body as T;
}

const jsonInit = (method: string, body: unknown): RequestInit => ({ method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

export const listProducts = () => request<{ items: StudioProduct[] }>('/api/me/products').then((r) => r.items);
export const getProduct = (id: string) => request<StudioProduct>(`/api/me/products/${encodeURIComponent(id)}`);
export const createProduct = (payload: unknown) => request<StudioProduct>('/api/me/products', jsonInit('POST', payload));
export const updateProduct = (id: string, payload: unknown) => request<StudioProduct>(`/api/me/products/${encodeURIComponent(id)}`, jsonInit('PUT', payload));
export const deleteProduct = (id: string) => request<void>(`/api/me/products/${encodeURIComponent(id)}`, { method: 'DELETE' });

export interface UploadedImage {
  url: string;
  name: string;
  size: number;
  originalSize: number;
  width: number;
  height: number;
  compressed: boolean;
}

export interface UploadedFile {
  url: string;
  name: string;
  size: number;
}

export function uploadImage(file: File, slot: 'main' | 'featured' | 'additional', index: number): Promise<UploadedImage> {
  const form = new FormData();
  form.set('slot', slot);
  form.set('index', String(index));
  form.set('file', file);
  return request<UploadedImage>('/api/uploads/images', { method: 'POST', body: form });
}

export function uploadFile(file: File): Promise<UploadedFile> {
  const form = new FormData();
  form.set('file', file);
  return request<UploadedFile>('/api/uploads/files', { method: 'POST', body: form });
}

/** Removes an upload from storage; the server keeps it if a saved product still uses it. */
export function removeUpload(url: string): Promise<{ removed: boolean }> {
  return request<{ removed: boolean }>('/api/uploads', jsonInit('DELETE', { url }));
}

export interface StorageUsage {
  usedBytes: number;
  quotaBytes: number;
}

/** The signed-in user's storage against their quota (GET /api/uploads/usage). */
export const getStorageUsage = () => request<StorageUsage>('/api/uploads/usage');
