/**
 * One image slot of the editor (spec section 2: main, featured, additional), with an Upload
 * tab and an Image URL tab. Main and featured hold one image (the first file chosen);
 * additional holds many. Files go one by one to POST /api/uploads/images, which decides
 * from the bytes whether they are images and compresses them; progress reads
 * 'Processing image i of n'. The URL tab trims its input and keeps Add disabled while empty.
 */
import { useId, useRef, useState } from 'react';
import { toast } from '@/src/stores/toasts';
import { formatBytes } from '@/src/shared/format';
import { checkDemoUrl } from '@/src/shared/quality-score';
import { api, toApiError } from '@/src/shared/api/client';
import type { ImageSlot as Slot } from '@/src/shared/domain';
import { CloseIcon, UploadIcon } from './icons';

interface Props {
  slot: Slot;
  label: string;
  description: string;
  images: string[];
  onChange(images: string[]): void;
  /** Busy state for the form: submit waits for uploads. */
  onBusyChange(busy: boolean): void;
  max?: number;
}

export function ImageSlot({ slot, label, description, images, onChange, onBusyChange, max = 12 }: Props) {
  const id = useId();
  const multiple = slot === 'additional';
  const [tab, setTab] = useState<'upload' | 'url'>('upload');
  const [progress, setProgress] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [url, setUrl] = useState('');
  const [urlError, setUrlError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const current = useRef(images);
  current.current = images;

  const busy = progress !== null;
  const room = multiple ? Math.max(0, max - images.length) : 1;

  /** Replacing a single image drops the old upload from storage (kept if a saved product uses it). */
  const release = (old: string) => {
    if (old.startsWith('/blobs/products/') || old.includes('.blob.vercel-storage.com/products/'))
      void api('DELETE /api/uploads', { body: { url: old } }).catch(() => {});
  };

  const uploadImage = (file: File, index: number) => {
    const form = new FormData();
    form.set('slot', slot);
    form.set('index', String(index));
    form.set('file', file);
    return api('POST /api/uploads/images', { body: form });
  };

  async function upload(list: FileList | null) {
    if (!list?.length) return;
    const files = [...list].slice(0, multiple ? room : 1);
    if (multiple && list.length > room) toast({ title: 'Too many images', description: `You can add ${room} more image${room === 1 ? '' : 's'} here.` });
    setErrors([]);
    onBusyChange(true);
    const added: string[] = [];
    const failed: string[] = [];
    try {
      for (const [i, file] of files.entries()) {
        setProgress(`Processing image ${i + 1} of ${files.length} (${formatBytes(file.size)})…`);
        try {
          const result = await uploadImage(file, i);
          added.push(result.url);
          if (multiple) onChange([...current.current, result.url]);
          else {
            const old = current.current[0];
            onChange([result.url]);
            if (old) release(old);
          }
          setProgress(
            result.compressed
              ? `Image ${i + 1} of ${files.length}: compressed to ${formatBytes(result.size)} and uploaded`
              : `Image ${i + 1} of ${files.length} uploaded (${formatBytes(result.size)})`,
          );
        } catch (error) {
          const e = toApiError(error);
          if (e.code === 'NOT_AN_IMAGE') {
            toast({ title: 'Invalid file type', description: e.message, variant: 'destructive' });
            failed.push(e.message);
          } else if (e.code === 'IMAGE_COMPRESSION_FAILED') {
            toast({ title: 'Compression failed', description: `Failed to compress ${file.name}`, variant: 'destructive' });
            failed.push(`${file.name}: ${e.message}`);
          } else if (e.code === 'UNAUTHENTICATED') {
            toast({ title: 'Upload failed', description: 'User not authenticated', variant: 'destructive' });
            failed.push('User not authenticated');
            break;
          } else {
            toast({ title: 'Upload failed', description: e.code === 'UPLOAD_FAILED' ? e.message : `Upload failed: ${e.message}`, variant: 'destructive' });
            failed.push(`${file.name}: ${e.message}`);
          }
        }
      }
    } finally {
      setProgress(null);
      setErrors(failed);
      onBusyChange(false);
      if (input.current) input.current.value = '';
    }
    if (added.length) {
      toast({ title: 'Images uploaded successfully', description: `${added.length} image(s) uploaded to products storage`, variant: 'success' });
    }
  }

  function addUrl() {
    const value = url.trim();
    if (!value) return;
    const check = value.startsWith('/blobs/') ? { state: 'valid' as const } : checkDemoUrl(value);
    if (check.state === 'invalid') {
      setUrlError(check.message);
      return;
    }
    if (images.includes(value)) {
      setUrlError('This image is already added');
      return;
    }
    if (multiple) onChange([...images, value]);
    else {
      const old = images[0];
      onChange([value]);
      if (old) release(old);
    }
    setUrl('');
    setUrlError(null);
    toast({ title: 'Image URL added', variant: 'success' });
  }

  function remove(target: string) {
    onChange(images.filter((u) => u !== target));
    release(target);
    toast({ title: 'Image removed' });
  }

  const tabId = (t: string) => `${id}-tab-${t}`;
  const panelId = (t: string) => `${id}-panel-${t}`;
  const onTabKey = (event: React.KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = tab === 'upload' ? 'url' : 'upload';
    setTab(next);
    document.getElementById(tabId(next))?.focus();
  };

  return (
    <div className="st-image-slot" data-slot={slot}>
      <div className="st-image-slot-head">
        <h3 id={`${id}-label`}>{label}</h3>
        <p className="st-hint">{description}</p>
      </div>
      {images.length > 0 && (
        <ul className={`st-thumbs${multiple ? '' : ' is-single'}`} aria-label={`${label}: ${images.length} image${images.length === 1 ? '' : 's'}`}>
          {images.map((src, i) => (
            <li key={src} className="st-thumb">
              <img src={src} alt={`${label} ${multiple ? i + 1 : ''}`.trim()} loading="lazy" decoding="async" />
              <button
                type="button"
                className="st-thumb-remove"
                onClick={() => remove(src)}
                aria-label={`Remove ${label.toLowerCase()}${multiple ? ` ${i + 1}` : ''}`}
                disabled={busy}
              >
                <CloseIcon size={14} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="st-tabs" role="tablist" aria-labelledby={`${id}-label`} onKeyDown={onTabKey}>
        {(['upload', 'url'] as const).map((t) => (
          <button
            key={t}
            id={tabId(t)}
            type="button"
            role="tab"
            aria-selected={tab === t}
            aria-controls={panelId(t)}
            tabIndex={tab === t ? 0 : -1}
            className="st-tab"
            onClick={() => setTab(t)}
          >
            {t === 'upload' ? 'Upload' : 'Image URL'}
          </button>
        ))}
      </div>
      <div id={panelId('upload')} role="tabpanel" aria-labelledby={tabId('upload')} hidden={tab !== 'upload'} className="st-tabpanel">
        <label className={`st-drop${busy ? ' is-busy' : ''}`}>
          <UploadIcon />
          <span>
            <strong>{multiple ? 'Choose images' : images.length ? 'Replace image' : 'Choose an image'}</strong>
            <span className="st-hint"> JPG, PNG or WebP. Large photos are resized to 1920 px.</span>
          </span>
          <input
            ref={input}
            type="file"
            accept="image/*"
            multiple={multiple}
            disabled={busy || room === 0}
            aria-label={`Upload ${label.toLowerCase()}`}
            onChange={(e) => void upload(e.target.files)}
          />
        </label>
        <p className="st-progress" role="status" aria-live="polite">
          {progress ?? ''}
        </p>
        {errors.length > 0 && (
          <ul className="st-upload-errors">
            {errors.map((message, i) => (
              <li key={i}>{message}</li>
            ))}
          </ul>
        )}
      </div>
      <div id={panelId('url')} role="tabpanel" aria-labelledby={tabId('url')} hidden={tab !== 'url'} className="st-tabpanel">
        <div className="st-list-row">
          <input
            className="st-input"
            type="url"
            inputMode="url"
            placeholder="https://example.com/image.jpg"
            aria-label={`${label} URL`}
            value={url}
            aria-invalid={Boolean(urlError) || undefined}
            onChange={(e) => {
              setUrl(e.target.value);
              setUrlError(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                addUrl();
              }
            }}
          />
          <button type="button" className="btn btn-secondary st-add-btn" onClick={addUrl} disabled={!url.trim() || room === 0}>
            Add
          </button>
        </div>
        {urlError && <p className="st-error">{urlError}</p>}
      </div>
    </div>
  );
}
