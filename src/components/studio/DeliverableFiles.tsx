/**
 * The deliverable files of a product (delivery 'file' or 'multiple'): uploaded one by one to
 * POST /api/uploads/files into the creator's private folder; buyers get them through the
 * download endpoint only. Names must be unique within a product (a file is downloaded by name).
 */
import { useRef, useState } from 'react';
import { formatBytes } from '@/src/shared/format';
import { toast } from '@/src/stores/toasts';
import { api, toApiError } from '@/src/shared/api/client';
import { fileNameOf } from './editor-state';
import { FileIcon, TrashIcon, UploadIcon } from './icons';

const DELIVERABLE_ACCEPT = '.zip,.rar,.pdf,.doc,.docx,.txt,.json,.xml,.csv';
const DELIVERABLE_MAX_FILES = 20;

interface Props {
  files: string[];
  onChange(files: string[]): void;
  onBusyChange(busy: boolean): void;
  error?: string | undefined;
}

const removeUpload = (url: string) => api('DELETE /api/uploads', { body: { url } });

function uploadFile(file: File) {
  const form = new FormData();
  form.set('file', file);
  return api('POST /api/uploads/files', { body: form });
}

export function DeliverableFiles({ files, onChange, onBusyChange, error }: Props) {
  const [progress, setProgress] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const current = useRef(files);
  current.current = files;

  async function upload(list: FileList | null) {
    if (!list?.length) return;
    const chosen = [...list];
    const issues: string[] = [];
    let added = 0;
    onBusyChange(true);
    try {
      for (const [i, file] of chosen.entries()) {
        if (current.current.length >= DELIVERABLE_MAX_FILES) {
          issues.push(`At most ${DELIVERABLE_MAX_FILES} files per product`);
          break;
        }
        setProgress(`Uploading file ${i + 1} of ${chosen.length}: ${file.name} (${formatBytes(file.size)})…`);
        try {
          const result = await uploadFile(file);
          if (current.current.some((u) => fileNameOf(u).toLowerCase() === result.name.toLowerCase())) {
            void removeUpload(result.url).catch(() => {});
            issues.push(`A file named ${result.name} is already attached`);
            continue;
          }
          onChange([...current.current, result.url]);
          added++;
        } catch (e) {
          const { message } = toApiError(e);
          issues.push(message);
          toast({ title: 'Upload failed', description: `Upload failed: ${message}`, variant: 'destructive' });
        }
      }
    } finally {
      setProgress(null);
      setProblems(issues);
      onBusyChange(false);
      if (input.current) input.current.value = '';
    }
    if (added) toast({ title: 'Files uploaded', description: `${added} file(s) uploaded to private storage`, variant: 'success' });
  }

  function remove(url: string) {
    onChange(files.filter((u) => u !== url));
    void removeUpload(url).catch(() => {});
    toast({ title: 'File removed' });
  }

  return (
    <div className="st-field">
      <span className="st-label" id="st-files-label">
        Product files
      </span>
      {files.length > 0 && (
        <ul className="st-files" aria-labelledby="st-files-label">
          {files.map((url) => (
            <li key={url}>
              <FileIcon />
              <span className="st-file-name">{fileNameOf(url)}</span>
              {!url.startsWith('private:') && <span className="badge">Link</span>}
              <button type="button" className="st-icon-btn" onClick={() => remove(url)} aria-label={`Remove ${fileNameOf(url)}`} disabled={progress !== null}>
                <TrashIcon size={16} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <label className={`st-drop${progress ? ' is-busy' : ''}`}>
        <UploadIcon />
        <span>
          <strong>Upload files</strong>
          <span className="st-hint"> ZIP, RAR, PDF, DOC, TXT, JSON, XML or CSV, up to 25 MB each. Kept private: buyers get them after a download.</span>
        </span>
        <input
          ref={input}
          type="file"
          multiple
          accept={DELIVERABLE_ACCEPT}
          disabled={progress !== null}
          aria-label="Upload product files"
          onChange={(e) => void upload(e.target.files)}
        />
      </label>
      <p className="st-progress" role="status" aria-live="polite">
        {progress ?? ''}
      </p>
      {(problems.length > 0 || error) && (
        <ul className="st-upload-errors">
          {error && <li>{error}</li>}
          {problems.map((message, i) => (
            <li key={i}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
