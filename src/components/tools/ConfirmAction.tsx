/**
 * One confirming button for a link that arrived by email (docs/decisions/038): the claim link
 * ('Verify') and the co-maintainer invitation ('Accept'). Nothing happens on opening the page
 * (mail scanners open links), only on the click; the answer is shown in place.
 */
import { api } from '@/src/shared/api/client';
import { useApiMutation } from '../hooks/use-api';

interface Props {
  kind: 'claim' | 'invite';
  token: string;
  claimId?: string;
  toolName: string;
  toolId: string;
}

export default function ConfirmAction({ kind, token, claimId, toolName, toolId }: Props) {
  const confirm = useApiMutation(async (): Promise<'done' | 'review'> => {
    if (kind === 'invite') {
      await api('POST /api/tool-invites/accept', { body: { token } });
      return 'done';
    }
    const claim = await api('POST /api/tool-claims/{claimId}/verify', { params: { claimId: claimId ?? '' }, body: { token } });
    return claim.status === 'in_review' ? 'review' : 'done';
  });
  const state = { status: confirm.busy ? 'busy' : (confirm.data ?? 'idle') };

  if (state.status === 'done') {
    return (
      <div className="tf-card card" role="status">
        <h2>{kind === 'claim' ? `You are the verified maintainer of ${toolName}` : `You now maintain ${toolName}`}</h2>
        <p>
          <a className="btn btn-primary" href={`/ai-tools/manage/${toolId}`}>
            Manage {toolName}
          </a>
        </p>
      </div>
    );
  }
  if (state.status === 'review') {
    return (
      <div className="tf-card card" role="status">
        <h2>Proven: an administrator decides</h2>
        <p>{toolName} already has a maintainer, so an administrator reviews your claim. You will get an email.</p>
      </div>
    );
  }
  return (
    <div className="tf-card card">
      <p>{kind === 'claim' ? `Confirm that you maintain ${toolName}.` : `Accept the invitation to maintain ${toolName}.`}</p>
      <button type="button" className="btn btn-primary" onClick={() => void confirm.run()} disabled={confirm.busy}>
        {kind === 'claim' ? `Verify ${toolName}` : 'Accept the invitation'}
      </button>
      {confirm.error && (
        <p className="tf-error" role="alert">
          {confirm.error.message}
        </p>
      )}
    </div>
  );
}
