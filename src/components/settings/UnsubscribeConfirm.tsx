/**
 * The unsubscribe page's island (/unsubscribe?token=, docs/decisions/041): 'Unsubscribe' turns the
 * token's kind of email off (POST /api/unsubscribe, the same URL as the one-click header), then
 * offers 'Undo' (POST /api/unsubscribe/undo). Opening the page changes nothing: mail scanners
 * open links, so only the button does.
 */
import { useState } from 'react';
import { api, ApiError } from '@/src/shared/api/client';
import { EMAIL_SETTINGS_PATH } from '@/src/shared/email-preferences';

interface Props {
  token: string;
  label: string;
}

type State = 'ask' | 'done' | 'undone';

export default function UnsubscribeConfirm({ token, label }: Props) {
  const [state, setState] = useState<State>('ask');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: 'unsubscribe' | 'undo') => {
    setBusy(true);
    setError(null);
    try {
      if (action === 'unsubscribe') await api('POST /api/unsubscribe', { query: { token } });
      else await api('POST /api/unsubscribe/undo', { query: { token } });
      setState(action === 'unsubscribe' ? 'done' : 'undone');
    } catch (e) {
      setError(e instanceof ApiError && e.code !== 'NETWORK' ? e.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="cp-panel">
      {state === 'ask' ? (
        <>
          <p>
            Stop emails about <strong>{label.toLowerCase()}</strong>? You can turn them back on at any time.
          </p>
          <button type="button" className="btn btn-primary" disabled={busy} aria-busy={busy} onClick={() => void run('unsubscribe')}>
            Unsubscribe
          </button>
        </>
      ) : state === 'done' ? (
        <div role="status">
          <p>
            You are unsubscribed from <strong>{label.toLowerCase()}</strong>.
          </p>
          <button type="button" className="btn btn-ghost" disabled={busy} aria-busy={busy} onClick={() => void run('undo')}>
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
          {error}
        </p>
      ) : null}
      <p className="set-hint">
        Choose what toolmint emails you on <a href={EMAIL_SETTINGS_PATH}>your notification settings</a> (sign-in needed).
      </p>
    </div>
  );
}
