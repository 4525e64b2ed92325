/**
 * A post's Markdown with 'Write' and 'Preview' (docs/decisions/035): the preview is the
 * server's own render (POST /api/community/preview: the same parser and sanitizer as a saved
 * post), so what the author sees is what readers will get. The textarea is the caller's
 * registered field; the preview HTML comes sanitized from the server.
 */
import { useState, type ReactNode } from 'react';
import { api } from '@/src/shared/api/client';
import { POST_BODY_MAX } from '@/src/shared/community';
import { useApiQuery } from '../hooks/use-api';

interface Props {
  id: string;
  label: string;
  value: string;
  error?: string | undefined;
  hint?: ReactNode;
  children(control: { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined; hidden: boolean }): ReactNode;
}

export function MarkdownField({ id, label, value, error, hint, children }: Props) {
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  const preview = useApiQuery((signal, body: string) => api('POST /api/community/preview', { body: { body }, signal }));

  function showPreview() {
    setMode('preview');
    if (value.trim()) void preview.run(value);
    else {
      preview.abort();
      preview.clearError();
      preview.setData(() => ({ html: '' }));
    }
  }

  const describedBy = [error ? `${id}-error` : null, `${id}-hint`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`cm-field${error ? ' cm-field-invalid' : ''}`}>
      <div className="cm-replying">
        <label htmlFor={id}>{label}</label>
        <div className="cm-tabs" role="group" aria-label="Editor mode">
          <button type="button" className="btn btn-ghost cm-small-btn" aria-pressed={mode === 'write'} onClick={() => setMode('write')}>
            Write
          </button>
          <button type="button" className="btn btn-ghost cm-small-btn" aria-pressed={mode === 'preview'} onClick={showPreview}>
            Preview
          </button>
        </div>
      </div>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy, hidden: mode !== 'write' })}
      {mode === 'preview' ? (
        <div className="cm-preview cm-body" aria-live="polite" aria-busy={preview.busy}>
          {preview.busy ? (
            <p className="muted">Rendering…</p>
          ) : preview.error ? (
            <p className="cm-error">{preview.error.code === 'NETWORK' ? 'The preview is not available right now.' : preview.error.message}</p>
          ) : preview.data?.html ? (
            <div dangerouslySetInnerHTML={{ __html: preview.data.html }} />
          ) : (
            <p className="muted">Nothing to preview yet.</p>
          )}
        </div>
      ) : null}
      <p className="cm-hint" id={`${id}-hint`}>
        {hint ?? (
          <>
            Markdown: **bold**, _italic_, `code`, ``` for code blocks, &gt; quotes, [links](https://…), @name mentions. Up to{' '}
            {POST_BODY_MAX.toLocaleString('en-US')} characters.
          </>
        )}
      </p>
      {error ? (
        <p className="cm-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A draft kept in this browser until it is posted (a failed post, a closed tab). */
export function loadDraft(key: string): string {
  try {
    return window.localStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

export function saveDraft(key: string, value: string): void {
  try {
    if (value) window.localStorage.setItem(key, value);
    else window.localStorage.removeItem(key);
  } catch {
    // Private mode or a full storage: the draft stays in the editor only.
  }
}
