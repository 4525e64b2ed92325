/**
 * What an island shows instead of a write form to a signed-in member whose email address is not
 * verified (issue 29, docs/decisions/052): the header banner's words and its 'Resend', rather
 * than a form the server would refuse with 403 EMAIL_NOT_VERIFIED. One component for every such
 * place (the reply and thread forms, questions, votes, reports, tool submissions and claims, API
 * keys, reviews); islands ask useNeedsVerification() whether to show it.
 */
import { useSession } from '@/src/stores/use-session';
import { resendVerification } from './resend-verification';
import './verify-notice.css';

interface Props {
  /** What the link unlocks here, completing 'Open it to …': 'reply', 'ask a question'. */
  action: string;
}

/** A signed-in member whose address is not verified yet: their writes would be refused. */
export function useNeedsVerification(): boolean {
  const session = useSession();
  return session.status === 'signed-in' && !session.user.emailVerified;
}

export function VerifyEmailNotice({ action }: Props) {
  const session = useSession();
  const email = session.status === 'signed-in' ? session.user.email : '';
  return (
    <div className="verify-notice notice-row" role="note" aria-label="Verify your email address" data-verify-notice>
      <p>
        <strong>Please verify your email address.</strong>{' '}
        <span>
          We sent a link to <span className="verify-notice-email">{email}</span>. Open it to {action}.
        </span>
      </p>
      <button type="button" className="btn btn-secondary verify-notice-resend" data-email={email} onClick={(e) => void resendVerification(e.currentTarget)}>
        Resend
      </button>
    </div>
  );
}
