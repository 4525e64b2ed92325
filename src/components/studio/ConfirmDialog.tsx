/**
 * A confirmation dialog (alertdialog): Escape or Cancel cancels, focus stays inside, the page
 * behind does not scroll. Used for Delete and for discarding unsaved edits.
 */
import { useRef } from 'react';
import { useModal } from './hooks';

interface Props {
  title: string;
  message: string;
  confirmLabel: string;
  busy?: boolean;
  destructive?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

export function ConfirmDialog({ title, message, confirmLabel, busy = false, destructive = false, onConfirm, onCancel }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  useModal(ref, true, () => !busy && onCancel());
  return (
    <div className="st-backdrop" onMouseDown={(e) => e.target === e.currentTarget && !busy && onCancel()}>
      <div
        ref={ref}
        className="st-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="st-confirm-title"
        aria-describedby="st-confirm-message"
        tabIndex={-1}
      >
        <h2 id="st-confirm-title">{title}</h2>
        <p id="st-confirm-message">{message}</p>
        <div className="st-dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy} data-autofocus>
            Cancel
          </button>
          <button type="button" className={`btn ${destructive ? 'btn-danger' : 'btn-primary'}`} onClick={onConfirm} disabled={busy} aria-busy={busy}>
            {busy ? 'Working…' : confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
