/**
 * /library's refund request (docs/decisions/049): once a buyer has opened what they bought (or
 * reached the refund limit), 'Request refund' opens this form, which asks why and sends a
 * request to the creator (POST /api/orders/{id}/refund-request, the typed client). The reason
 * is checked with the route's own schema before it is sent; the server's message is shown on a
 * refusal. Also the line that says where a request stands.
 */
import { useId, useState, type SubmitEvent } from 'react';
import { api } from '@/src/shared/api/client';
import { RefundRequestBodySchema, type LibraryItem, type RefundRequestView } from '@/src/shared/api/schemas/payments';
import { REFUND_TEXT_MAX } from '@/src/shared/payments';
import { toast } from '@/src/stores/toasts';
import { useApiMutation } from '../hooks/use-api';

interface Props {
  orderId: string;
  title: string;
  onSent: (request: RefundRequestView) => void;
  onCancel: () => void;
}

export function RefundRequestForm({ orderId, title, onSent, onCancel }: Props) {
  const id = useId();
  const [reason, setReason] = useState('');
  // The reason checked here first (the server checks it again): its message, or the server's refusal.
  const [invalid, setInvalid] = useState<string | null>(null);
  const send = useApiMutation((_signal, body: { reason: string }) => api('POST /api/orders/{id}/refund-request', { params: { id: orderId }, body }), {
    onSuccess: (request) => {
      toast({ title: 'Refund request sent', description: 'The creator has 7 days to answer. You keep access until then.', variant: 'success' });
      onSent(request);
    },
  });
  const sending = send.busy;
  const error = invalid ?? send.error?.message ?? null;

  function submit(event: SubmitEvent) {
    event.preventDefault();
    if (sending) return;
    const parsed = RefundRequestBodySchema.safeParse({ reason });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? 'Tell the creator why you want a refund');
      return;
    }
    setInvalid(null);
    void send.run(parsed.data);
  }

  return (
    <form className="lib-refund-form" onSubmit={(e) => void submit(e)} noValidate aria-label={`Refund request for ${title}`}>
      <label htmlFor={`${id}-reason`}>Why do you want a refund?</label>
      <p className="lib-refund-hint" id={`${id}-hint`}>
        You have already opened this product, so the creator decides. You keep access until they answer.
      </p>
      <textarea
        id={`${id}-reason`}
        className="text-control"
        rows={3}
        maxLength={REFUND_TEXT_MAX}
        value={reason}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        aria-invalid={error ? true : undefined}
        onChange={(e) => setReason(e.target.value)}
      />
      {error ? (
        <p className="lib-refund-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
      <div className="lib-refund-actions">
        <button type="submit" className="btn btn-primary" disabled={sending}>
          {sending ? 'Sending...' : 'Send refund request'}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={sending}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** Where the order's refund request stands, in the buyer's words; nothing when there is none to tell. */
export function RefundRequestStatus({ request }: { request: NonNullable<LibraryItem['order']>['refundRequest'] }) {
  if (!request || request.status === 'instant' || request.status === 'approved') return null;
  if (request.status === 'declined') {
    return (
      <p className="lib-refund-status">
        <strong>Refund declined.</strong>
        {request.decisionMessage ? ` “${request.decisionMessage}”` : ''}
      </p>
    );
  }
  return (
    <p className="lib-refund-status">
      <strong>Refund requested.</strong> {request.status === 'escalated' ? 'toolmint’s team is deciding it.' : 'Waiting for the creator’s answer.'}
    </p>
  );
}
