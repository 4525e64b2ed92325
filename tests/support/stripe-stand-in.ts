/**
 * A small local HTTP stand-in of the Stripe endpoints the affiliates' Connect path calls
 * (docs/decisions/083), for the official SDK pointed at it (host/port/protocol): Checkout
 * Sessions, an invoice's payment intent, a payment intent with its charge and the creator's destination transfer, refunds,
 * transfers (create, list by transfer_group) and transfer reversals (create, list). It records
 * every request and keeps the transfers and reversals it made, as Stripe does, so a retry can find
 * them. tests/integration/payments-stripe.test.ts keeps its own, wider stand-in.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { StripePaymentProvider } from '@/functions/payments/stripe-provider';

export interface StripeRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  body: URLSearchParams;
}

export interface StripeStandIn {
  provider: StripePaymentProvider;
  requests: StripeRequest[];
  /** The requests to one path and method, e.g. ('POST', '/v1/transfers'). */
  calls(method: string, path: string | RegExp): StripeRequest[];
  close(): Promise<void>;
}

export async function startStripeStandIn(webhookSecret: string): Promise<StripeStandIn> {
  const requests: StripeRequest[] = [];
  const transfers: { id: string; transfer_group: string | null; amount: number; destination: string }[] = [];
  const reversals: { id: string; transfer: string; amount: number; metadata: Record<string, string> }[] = [];
  let n = 0;

  function answer(method: string, path: string, query: URLSearchParams, body: URLSearchParams): unknown {
    n += 1;
    const reversalsOf = /^\/v1\/transfers\/([^/]+)\/reversals$/.exec(path);
    if (reversalsOf && method === 'GET') return { object: 'list', data: reversals.filter((r) => r.transfer === reversalsOf[1]), has_more: false };
    if (reversalsOf) {
      const metadata = Object.fromEntries([...body].filter(([k]) => k.startsWith('metadata[')).map(([k, v]) => [k.slice(9, -1), v]));
      const reversal = { id: `trr_${n}`, transfer: reversalsOf[1]!, amount: Number(body.get('amount')), metadata };
      reversals.push(reversal);
      return { object: 'transfer_reversal', ...reversal };
    }
    if (path === '/v1/transfers' && method === 'GET')
      return { object: 'list', data: transfers.filter((t) => t.transfer_group === query.get('transfer_group')), has_more: false };
    if (path === '/v1/transfers') {
      const transfer = {
        id: `tr_${n}`,
        transfer_group: body.get('transfer_group'),
        amount: Number(body.get('amount')),
        destination: body.get('destination') ?? '',
      };
      transfers.push(transfer);
      return { object: 'transfer', ...transfer };
    }
    if (path === '/v1/checkout/sessions')
      return { id: `cs_test_standin${n}`, object: 'checkout.session', url: `https://checkout.stripe.com/c/pay/cs_test_standin${n}` };
    if (path === '/v1/refunds') return { id: `re_${n}`, object: 'refund', status: 'succeeded' };
    if (path.startsWith('/v1/invoices/')) {
      const id = path.split('/').pop()!;
      return { id, object: 'invoice', payments: { object: 'list', data: [{ payment: { type: 'payment_intent', payment_intent: `pi_of_${id}` } }] } };
    }
    if (path.startsWith('/v1/payment_intents/')) {
      const id = path.split('/').pop()!;
      return { id, object: 'payment_intent', latest_charge: { id: `ch_of_${id}`, object: 'charge', transfer: `tr_of_${id}` } };
    }
    return { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } };
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const method = req.method ?? 'GET';
      const body = new URLSearchParams(raw);
      const key = req.headers['idempotency-key'];
      requests.push({ method, path: url.pathname, idempotencyKey: typeof key === 'string' ? key : undefined, body });
      const result = answer(method, url.pathname, url.searchParams, body);
      res.writeHead(result && typeof result === 'object' && 'error' in result ? 404 : 200, { 'content-type': 'application/json', 'request-id': `req_${n}` });
      res.end(JSON.stringify(result));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const provider = new StripePaymentProvider({ secretKey: 'sk_test_standin', webhookSecret, host: '127.0.0.1', port, protocol: 'http', timeout: 5000 });
  return {
    provider,
    requests,
    calls: (method, path) => requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
