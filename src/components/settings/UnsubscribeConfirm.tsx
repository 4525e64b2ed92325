/**
 * The unsubscribe page's island (/unsubscribe?token=, docs/decisions/041): 'Unsubscribe' turns the
 * token's kind of email off (POST /api/unsubscribe, the same URL as the one-click header), then
 * offers 'Undo' (POST /api/unsubscribe/undo). Opening the page changes nothing: mail scanners
 * open links, so only the button does. A creator's email's link (docs/decisions/078) stops that
 * creator's emails only, then offers to stop every creator's too (`scope=kind`).
 */
import { useState } from 'react';
import { api } from '@/src/shared/api/client';
import { EMAIL_SETTINGS_PATH, type UnsubscribeScope } from '@/src/shared/email-preferences';
import { useApiMutation } from '../hooks/use-api';

interface Props {
  token: string;
  label: string;
  /** The creator whose email held the link; null for any other email. */
  creatorName?: string | null;
}

type State = 'ask' | 'done' | 'undone';
type Action = { run: 'unsubscribe' | 'undo'; scope: UnsubscribeScope };

export default function UnsubscribeConfirm({ token, label, creatorName = null }: Props) {
  const [state, setState] = useState<State>('ask');
  const [scope, setScope] = useState<UnsubscribeScope>(creatorName ? 'creator' : 'kind');
  const change = useApiMutation(
    (_signal, action: Action) => {
      const query = { token, scope: action.scope };
      return action.run === 'unsubscribe' ? api('POST /api/unsubscribe', { query }) : api('POST /api/unsubscribe/undo', { query });
    },
    {
      onSuccess: (_, action) => {
        setScope(action.scope);
        setState(action.run === 'unsubscribe' ? 'done' : 'undone');
      },
    },
  );
  const { busy, error } = change;
  const run = (action: Action) => void change.run(action);
  const what = scope === 'creator' ? <strong>emails from {creatorName}</strong> : <strong>{label.toLowerCase()}</strong>;
  return (
    <div className="cp-panel">
      {state === 'ask' ? (
        <>
          {scope === 'creator' ? (
            <p>
              Stop emails from <strong>{creatorName}</strong>? Other creators’ emails still reach you. You can turn them back on at any time.
            </p>
          ) : (
            <p>
              Stop emails about <strong>{label.toLowerCase()}</strong>? You can turn them back on at any time.
            </p>
          )}
          <button type="button" className="btn btn-primary" disabled={busy} aria-busy={busy} onClick={() => run({ run: 'unsubscribe', scope })}>
            Unsubscribe
          </button>
        </>
      ) : state === 'done' ? (
        <div role="status">
          {scope === 'creator' ? <p>You will no longer get emails from {creatorName}.</p> : <p>You are unsubscribed from {what}.</p>}
          <button type="button" className="btn btn-ghost" disabled={busy} aria-busy={busy} onClick={() => run({ run: 'undo', scope })}>
            Undo
          </button>
          {scope === 'creator' ? (
            <button type="button" className="btn btn-secondary" disabled={busy} aria-busy={busy} onClick={() => run({ run: 'unsubscribe', scope: 'kind' })}>
              Stop emails from every creator
            </button>
          ) : null}
        </div>
      ) : (
        <p role="status">Done: you get {what} again, as before.</p>
      )}
      {error ? (
        <p className="set-error" role="alert">
          {error.message}
        </p>
      ) : null}
      <p className="set-hint">
        Choose what toolmint emails you on <a href={EMAIL_SETTINGS_PATH}>your notification settings</a> (sign-in needed).
      </p>
    </div>
  );
}
