/**
 * A list field (tags, use cases, skills, output types, compatibility): entries are trimmed,
 * non-empty and unique; Enter or the plus button adds, each chip has a remove button.
 */
import { useId, useState } from 'react';
import { addListEntry } from './editor-state';
import { CheckIcon, CloseIcon, PlusIcon } from './icons';

interface Props {
  label: string;
  values: string[];
  onChange(values: string[]): void;
  placeholder: string;
  hint?: string;
  error?: string | undefined;
  /** Shows a green tick (the tags' validity). */
  valid?: boolean;
  max?: number;
  name: string;
}

export function ListInput({ label, values, onChange, placeholder, hint, error, valid = false, max, name }: Props) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const full = max !== undefined && values.length >= max;

  const add = () => {
    const result = addListEntry(values, draft);
    setNote(result.error);
    if (result.error || !draft.trim()) return;
    onChange(result.list);
    setDraft('');
  };

  const describedBy = [hint ? `${id}-hint` : '', note || error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="st-field">
      <label htmlFor={`${id}-input`} className="st-label">
        {label}
        {valid && (
          <span className="st-tick" title="Looks good">
            <CheckIcon size={14} />
            <span className="visually-hidden"> valid</span>
          </span>
        )}
      </label>
      {values.length > 0 && (
        <ul className="st-chips row-list" aria-label={label}>
          {values.map((value) => (
            <li key={value} className="st-chip">
              <span>{value}</span>
              <button type="button" onClick={() => onChange(values.filter((v) => v !== value))} aria-label={`Remove ${value}`}>
                <CloseIcon size={14} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="st-list-row">
        <input
          id={`${id}-input`}
          name={name}
          className="st-input"
          value={draft}
          placeholder={full ? `At most ${max}` : placeholder}
          disabled={full}
          aria-invalid={Boolean(error) || undefined}
          aria-describedby={describedBy}
          onChange={(e) => {
            setDraft(e.target.value);
            if (note) setNote(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <button type="button" className="st-icon-btn" onClick={add} disabled={!draft.trim() || full} aria-label={`Add to ${label.toLowerCase()}`}>
          <PlusIcon />
        </button>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="st-hint">
          {hint}
        </p>
      )}
      {(note || error) && (
        <p id={`${id}-error`} className="st-error" role={note ? 'status' : undefined}>
          {note ?? error}
        </p>
      )}
    </div>
  );
}
