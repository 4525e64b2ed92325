/**
 * /sales/emails (docs/decisions/078): the creator's emails to customers with, for each, the
 * recipients counted when it was sent and how many were sent, delivered and unsubscribed (read
 * again with 'Refresh figures': the batches and deliveries run in the background), and the form
 * for a new one (CustomerEmailForm), and how many people stopped the creator's emails. The list
 * the server rendered is the first data.
 */
import { api } from '@/src/shared/api/client';
import type { CustomerEmailList } from '@/src/shared/customer-emails';
import { CUSTOMER_EMAIL_AUDIENCE_LABELS } from '@/src/shared/domain';
import { useApiQuery } from '../hooks/use-api';
import { CustomerEmailForm } from './CustomerEmailForm';

const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

export default function CustomerEmailsPanel({ initial }: { initial: CustomerEmailList }) {
  const list = useApiQuery(() => api('GET /api/studio/customer-emails'), { initialData: initial });
  const data = list.data ?? initial;
  return (
    <div className="dc-panel">
      <h2 className="dc-heading">Write an email</h2>
      <CustomerEmailForm audiences={data.audiences} remaining={data.remaining} limit={data.limit} onSent={() => void list.run()} />
      <h2 className="dc-heading">Sent emails</h2>
      {data.items.length ? (
        <div className="cp-table-wrap">
          <table className="cp-table" aria-label="Your emails to customers">
            <thead>
              <tr>
                <th scope="col">Subject</th>
                <th scope="col">To</th>
                <th scope="col">Sent on</th>
                <th scope="col" className="num">
                  Recipients
                </th>
                <th scope="col" className="num">
                  Sent
                </th>
                <th scope="col" className="num">
                  Delivered
                </th>
                <th scope="col" className="num">
                  Unsubscribed
                </th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((e) => (
                <tr key={e.id} data-customer-email={e.id}>
                  <th scope="row">{e.subject}</th>
                  <td>{e.audience === 'product' ? `Buyers of ${e.productTitle ?? 'a product'}` : CUSTOMER_EMAIL_AUDIENCE_LABELS[e.audience]}</td>
                  <td>{when(e.createdAt)}</td>
                  <td className="num">{e.recipients}</td>
                  <td className="num" data-sent>
                    {e.sent}
                  </td>
                  <td className="num" data-delivered>
                    {e.delivered}
                  </td>
                  <td className="num" data-unsubscribed>
                    {e.unsubscribed}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="cp-muted">No emails sent yet.</p>
      )}
      <p>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => void list.run()} disabled={list.busy} aria-busy={list.busy}>
          Refresh figures
        </button>
      </p>
      <p data-opted-out>
        {data.optedOut === 1 ? '1 person has' : `${data.optedOut} people have`} stopped your emails. They are left out of every audience; other creators’ emails
        still reach them.
      </p>
      <p className="dc-hint">
        Sent: emails written to the outbox (recipients who turned emails from creators off, or stopped yours, are skipped). Delivered: accepted by the mail
        service. Unsubscribed: recipients who used that email’s unsubscribe link (it stops your emails only).
      </p>
    </div>
  );
}
