/**
 * 'Report' on a product, a profile, a seller review or a community post (issue 16,
 * docs/decisions/037): a quiet link-style button that opens the one report form in place.
 * The pages that carry it are shared (stored HTML), so nothing about the visitor is rendered:
 * a signed-out visitor is asked to sign in when they send it, and a member whose email is not
 * verified gets VerifyEmailNotice in the form's place (docs/decisions/052).
 */
import { useState } from 'react';
import type { ReportTargetKind } from '@/src/shared/domain';
import { useNeedsVerification, VerifyEmailNotice } from '../auth/VerifyEmailNotice';
import { ReportForm } from './ReportForm';
import './report.css';

interface Props {
  kind: ReportTargetKind;
  targetId: string;
  what: string;
  loginHref?: string;
}

export default function ReportButton({ kind, targetId, what, loginHref }: Props) {
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  const unverified = useNeedsVerification();
  if (sent)
    return (
      <p className="rpt-done muted" role="status">
        Reported. Thank you.
      </p>
    );
  if (open && unverified) return <VerifyEmailNotice action="report" />;
  if (open)
    return <ReportForm kind={kind} targetId={targetId} what={what} {...(loginHref ? { loginHref } : {})} onDone={() => (setOpen(false), setSent(true))} />;
  return (
    <button type="button" className="rpt-trigger" onClick={() => setOpen(true)} data-report-open={kind}>
      Report {what}
    </button>
  );
}
