/**
 * 'Get affiliate link' on the page of a product whose creator offers affiliates (docs/decisions/081):
 * POST /api/products/{id}/affiliate-link makes the signed-in user's link once and shows it to
 * copy. Signed out (a 401): off to /auth and back. A refusal (the creator's own product, an
 * unverified email, affiliates turned off) shows the server's message.
 */
import { useState } from 'react';
import { api, ApiError } from '@/src/shared/api/client';

interface Props {
  productId: string;
  percent: number;
}

export default function AffiliateLinkButton({ productId, percent }: Props) {
  const [state, setState] = useState<{ busy: boolean; url: string | null; error: string | null }>({ busy: false, url: null, error: null });
  const getLink = async () => {
    setState({ busy: true, url: null, error: null });
    try {
      const { url } = await api('POST /api/products/{id}/affiliate-link', { params: { id: productId } });
      setState({ busy: false, url, error: null });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        window.location.assign(`/auth?mode=login&redirect=${encodeURIComponent(window.location.pathname)}`);
        return;
      }
      setState({ busy: false, url: null, error: error instanceof ApiError ? error.message : 'Could not get your link. Try again.' });
    }
  };
  return (
    <div className="pp-affiliate">
      {state.url ? (
        <label>
          Your affiliate link ({percent}% of each sale&apos;s net)
          <input readOnly value={state.url} onFocus={(e) => e.currentTarget.select()} data-testid="affiliate-url" />
        </label>
      ) : (
        <button type="button" className="btn btn-secondary" onClick={getLink} disabled={state.busy}>
          {state.busy ? 'Getting your link…' : `Get affiliate link (earn ${percent}%)`}
        </button>
      )}
      {state.error && (
        <p className="form-error" role="alert">
          {state.error}
        </p>
      )}
    </div>
  );
}
