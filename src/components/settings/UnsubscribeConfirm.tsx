/**
 * The unsubscribe page's island (/unsubscribe?token=, docs/decisions/041): 'Unsubscribe' turns the
 * token's kind of email off (POST /api/unsubscribe, the same URL as the one-click header), then
 * offers 'Undo' (POST /api/unsubscribe/undo). Opening the page changes nothing: mail scanners
 * open links, so only the button does.
 */
import { useState } from 'react';
import { api } from '@/src/shared/api/client';
import { EMAIL_SETTINGS_PATH } from '@/src/shared/email-preferences';
import { useApiMutation } from '../hooks/use-api';

interface Props {
  token: string;
  label: string;
}

type State = 'ask' | 'done' | 'undone';

export default function UnsubscribeConfirm({ token, label }: Props) {
  const [state, setState] = useState<State>('ask');
  const change = useApiMutation(
    (_signal, action: 'unsubscribe' | 'undo') =>
      action === 'unsubscribe' ? api('POST /api/unsubscribe', { query: { token } }) : api('POST /api/unsubscribe/undo', { query: { token } }),
    { onSuccess: (_, action) => setState(action === 'unsubscribe' ? 'done' : 'undone') },
  );
  const { busy, error } = change;
  const run = (action: 'unsubscribe' | 'undo') => void change.run(action);
  return (
    <div className="cp-panel">
      {state === 'ask' ? (
        <>
          <p>
            Stop emails about <strong>{label.toLowerCase()}</strong>? You can turn them back on at any time.
          </p>
          <button type="button" className="btn btn-primary" disabled={busy} aria-busy={busy} onClick={() => run('unsubscribe')}>
            Unsubscribe
          </button>
        </>
      ) : state === 'done' ? (
        <div role="status">
          <p>
            You are unsubscribed from <strong>{label.toLowerCase()}</strong>.
          </p>
          <button type="button" className="btn btn-ghost" disabled={busy} aria-busy={busy} onClick={() => run('undo')}>
            Undo
          </button>
        </div>
      ) : (
        <p role="status">
          Done: you get <strong>{label.toLowerCase()}</strong> again, as before.
        </p>
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
