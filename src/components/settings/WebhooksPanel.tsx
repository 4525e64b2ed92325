/**
 * The 'Webhooks' panel of /settings/api (docs/decisions/027): the creator's endpoints with
 * their events and signing secret, a form to add one or change its URL, description and
 * events, delete, roll the secret, send a test ping, the recent deliveries with the answer
 * each got, and how to verify a delivery's signature. Talks to /api/settings/webhooks/**;
 * the server decides everything (SSRF guard, limits, ownership) and its field messages land
 * under the fields. The form is react-hook-form with the API's own zod schema (docs/decisions/019).
 */
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod/mini';
import { formatDate, timeAgo } from '@/src/shared/format';
import { WEBHOOK_DELIVERY_STATUS_LABELS, WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES } from '@/src/shared/domain';
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_URL_MAX,
  WEBHOOK_VERIFY_SNIPPET,
  WebhookEndpointInputSchema,
  type WebhookDeliveryView,
  type WebhookEndpointInput,
  type WebhookEndpointView,
} from '@/src/shared/webhooks';
import { api } from '@/src/shared/api/client';
import { toast } from '@/src/stores/toasts';
import { useApiMutation } from '../hooks/use-api';
import { usePagedList } from '../hooks/use-paged-list';
import { ErrorSummary } from '../ui/ErrorSummary';
import { FormField, type FieldStyles } from '../ui/FormField';
import { errorList, registerWithValue, registerChoice } from '../ui/form-state';
import './webhooks.css';

type EndpointForm = z.input<typeof WebhookEndpointInputSchema>;
const FIELD_STYLES: FieldStyles = { field: 'wh-field', hint: 'wh-hint', error: 'wh-error' };
const LABELS: Record<string, string> = { url: 'Endpoint URL', description: 'Description', events: 'Events' };

function EndpointFormView({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: EndpointForm;
  submitLabel: string;
  onSubmit(value: WebhookEndpointInput): Promise<void>;
  onCancel?(): void;
}) {
  const uid = useId();
  const form = useForm<EndpointForm, unknown, WebhookEndpointInput>({
    resolver: zodResolver(WebhookEndpointInputSchema),
    defaultValues: initial,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors, isSubmitting } = form.formState;
  const id = (name: string) => `${uid}-${name}`;

  const save = useApiMutation((_signal, value: WebhookEndpointInput) => onSubmit(value), {
    onError: (error) => {
      let first: keyof EndpointForm | null = null;
      for (const [path, message] of Object.entries(error.fields)) {
        if (path === 'url' || path === 'description' || path === 'events') {
          form.setError(path, { type: 'server', message });
          first ??= path;
        }
      }
      if (first) form.setFocus(first);
      else toast({ title: 'Could not save the endpoint', description: error.message, variant: 'destructive' });
    },
  });
  const submit = form.handleSubmit((value) => save.run(value));

  return (
    <form className="wh-form" onSubmit={(e) => void submit(e)} noValidate aria-label={submitLabel}>
      <ErrorSummary items={errorList(errors).map(([name]) => ({ target: id(name.split('.')[0]!), label: LABELS[name.split('.')[0]!] ?? name }))} />
      <FormField
        id={id('url')}
        styles={FIELD_STYLES}
        label="Endpoint URL"
        hint="An https URL of your server. Private and local addresses are refused."
        error={errors.url?.message}
      >
        {(control) => (
          <input
            {...control}
            type="url"
            inputMode="url"
            maxLength={WEBHOOK_URL_MAX}
            placeholder="https://example.com/toolmint"
            {...registerWithValue(form, 'url')}
          />
        )}
      </FormField>
      <FormField
        id={id('description')}
        styles={FIELD_STYLES}
        label={
          <>
            Description <span className="wh-hint">(optional)</span>
          </>
        }
        error={errors.description?.message}
      >
        {(control) => (
          <input {...control} maxLength={WEBHOOK_DESCRIPTION_MAX} placeholder="e.g. Zapier, my licence server" {...registerWithValue(form, 'description')} />
        )}
      </FormField>
      <fieldset
        className="wh-events"
        id={id('events')}
        aria-invalid={errors.events ? true : undefined}
        aria-describedby={errors.events ? `${id('events')}-error` : undefined}
      >
        <legend>Events</legend>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <label key={type} className="wh-check">
            <input type="checkbox" {...registerChoice(form, 'events', type)} />
            <span>
              <code>{type}</code> {WEBHOOK_EVENT_LABELS[type]}
            </span>
          </label>
        ))}
        {errors.events ? (
          <p className="wh-error" id={`${id('events')}-error`}>
            {errors.events.message ?? errorList(errors.events as never)[0]?.[1]}
          </p>
        ) : null}
      </fieldset>
      <div className="wh-actions">
        {onCancel ? (
          <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </button>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? 'Saving…' : submitLabel}
        </button>
      </div>
    </form>
  );
}

function DeliveryItem({ delivery }: { delivery: WebhookDeliveryView }) {
  return (
    <li className={`wh-delivery wh-${delivery.status}`}>
      <div className="wh-delivery-head">
        <span className="wh-badge">{WEBHOOK_DELIVERY_STATUS_LABELS[delivery.status]}</span>
        <code>{delivery.event}</code>
        <span className="wh-code">{delivery.lastStatusCode === null ? 'no answer' : `HTTP ${delivery.lastStatusCode}`}</span>
        <span className="wh-muted">
          {delivery.attempts} {delivery.attempts === 1 ? 'attempt' : 'attempts'}
        </span>
        <time
          className="wh-muted"
          dateTime={delivery.lastAttemptAt ?? delivery.createdAt}
          title={formatDate(delivery.lastAttemptAt ?? delivery.createdAt)}
          suppressHydrationWarning
        >
          {timeAgo(delivery.lastAttemptAt ?? delivery.createdAt)}
        </time>
      </div>
      {delivery.lastResponse ? <pre className="wh-answer">{delivery.lastResponse}</pre> : null}
      {delivery.status === 'pending' && delivery.nextAttemptAt ? (
        <p className="wh-muted">
          Next attempt{' '}
          <time dateTime={delivery.nextAttemptAt} suppressHydrationWarning>
            {formatDate(delivery.nextAttemptAt)}
          </time>
        </p>
      ) : null}
    </li>
  );
}

function EndpointCard({
  endpoint,
  onChanged,
  onDeleted,
}: {
  endpoint: WebhookEndpointView;
  onChanged(e: WebhookEndpointView): void;
  onDeleted(id: string): void;
}) {
  const [editing, setEditing] = useState(false);
  const [showSecret, setShowSecret] = useState(false);
  const params = { id: endpoint.id };

  const deliveries = usePagedList((signal, cursor) => api('GET /api/settings/webhooks/{id}/deliveries', { params, query: cursor ? { cursor } : {}, signal }), {
    key: endpoint.id,
    onError: (error) => toast({ title: 'Failed to load deliveries', description: error.message, variant: 'destructive' }),
  });

  const test = useApiMutation(() => api('POST /api/settings/webhooks/{id}/test', { params }), {
    onSuccess: (delivery) => {
      deliveries.setItems((current) => [delivery, ...current.filter((d) => d.id !== delivery.id)]);
      toast({
        title: delivery.status === 'delivered' ? 'Test ping delivered' : 'Test ping failed',
        description: delivery.lastStatusCode === null ? (delivery.lastResponse ?? '') : `Your endpoint answered HTTP ${delivery.lastStatusCode}.`,
        variant: delivery.status === 'delivered' ? 'success' : 'destructive',
      });
    },
    onError: (error) => toast({ title: 'Could not send a test ping', description: error.message, variant: 'destructive' }),
  });

  const roll = useApiMutation(() => api('POST /api/settings/webhooks/{id}/roll-secret', { params }), {
    onSuccess: (changed) => {
      onChanged(changed);
      setShowSecret(true);
      toast({ title: 'New signing secret', description: 'Update it on your server: deliveries are now signed with it.', variant: 'success' });
    },
    onError: (error) => toast({ title: 'Could not roll the secret', description: error.message, variant: 'destructive' }),
  });

  const remove = useApiMutation(() => api('DELETE /api/settings/webhooks/{id}', { params }), {
    onSuccess: () => {
      onDeleted(endpoint.id);
      toast({ title: 'Endpoint deleted', variant: 'success' });
    },
    onError: (error) => toast({ title: 'Could not delete the endpoint', description: error.message, variant: 'destructive' }),
  });
  // One change at a time.
  const busy = test.busy || roll.busy || remove.busy;

  function rollSecret() {
    if (window.confirm('Roll the signing secret? The current secret stops working at once.')) void roll.run();
  }

  function removeEndpoint() {
    if (window.confirm(`Delete the endpoint ${endpoint.url}? Its deliveries are deleted too.`)) void remove.run();
  }

  return (
    <li className="wh-endpoint card" aria-label={`Endpoint ${endpoint.url}`}>
      {editing ? (
        <EndpointFormView
          initial={{ url: endpoint.url, description: endpoint.description, events: endpoint.events }}
          submitLabel="Save endpoint"
          onCancel={() => setEditing(false)}
          onSubmit={async (value) => {
            onChanged(await api('PATCH /api/settings/webhooks/{id}', { params, body: value }));
            setEditing(false);
            toast({ title: 'Endpoint saved', variant: 'success' });
          }}
        />
      ) : (
        <>
          <div className="wh-endpoint-head">
            <div>
              <p className="wh-url">{endpoint.url}</p>
              {endpoint.description ? <p className="wh-muted">{endpoint.description}</p> : null}
              <ul className="wh-chips" aria-label="Events">
                {endpoint.events.map((e) => (
                  <li key={e}>
                    <code>{e}</code>
                  </li>
                ))}
              </ul>
            </div>
            <div className="wh-actions">
              <button type="button" className="btn btn-primary" onClick={() => void test.run()} disabled={busy} aria-busy={test.busy}>
                {test.busy ? 'Sending…' : 'Send test ping'}
              </button>
              <button type="button" className="btn btn-secondary" onClick={() => setEditing(true)} disabled={busy}>
                Edit
              </button>
              <button type="button" className="btn btn-ghost" onClick={removeEndpoint} disabled={busy}>
                Delete
              </button>
            </div>
          </div>
          <div className="wh-secret">
            <span>Signing secret</span>
            <code aria-label="Signing secret">{showSecret ? endpoint.secret : `whsec_${'•'.repeat(12)}`}</code>
            <button type="button" className="btn btn-ghost" onClick={() => setShowSecret(!showSecret)}>
              {showSecret ? 'Hide' : 'Reveal'}
            </button>
            <button type="button" className="btn btn-ghost" onClick={rollSecret} disabled={busy}>
              Roll secret
            </button>
          </div>
        </>
      )}
      <section className="wh-deliveries" aria-label={`Recent deliveries to ${endpoint.url}`}>
        <div className="wh-deliveries-head">
          <h3>Recent deliveries</h3>
          <button type="button" className="btn btn-ghost" onClick={() => void deliveries.load()}>
            Refresh
          </button>
        </div>
        {deliveries.items.length === 0 && deliveries.loading ? (
          <p className="wh-muted">Loading…</p>
        ) : deliveries.items.length === 0 ? (
          <p className="wh-muted">No deliveries yet. Send a test ping to try your endpoint.</p>
        ) : (
          <ul className="wh-delivery-list">
            {deliveries.items.map((d) => (
              <DeliveryItem key={d.id} delivery={d} />
            ))}
          </ul>
        )}
        {deliveries.nextCursor ? (
          <button type="button" className="btn btn-secondary" onClick={() => void deliveries.more()}>
            Load more deliveries
          </button>
        ) : null}
      </section>
    </li>
  );
}

export default function WebhooksPanel({ initial }: { initial: WebhookEndpointView[] }) {
  const [endpoints, setEndpoints] = useState(initial);
  const [adding, setAdding] = useState(false);
  const uid = useId();

  return (
    <section className="wh-panel" aria-labelledby={`${uid}-heading`}>
      <div className="wh-panel-head">
        <div>
          <h2 id={`${uid}-heading`}>Webhooks</h2>
          <p className="wh-muted">
            We send a signed POST to your endpoints when something happens: a sale, a refund, a product published, a review. Failed deliveries are retried for
            24 hours.
          </p>
        </div>
        {!adding && endpoints.length < MAX_WEBHOOK_ENDPOINTS ? (
          <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
            Add endpoint
          </button>
        ) : null}
      </div>

      {adding ? (
        <div className="card wh-endpoint">
          <EndpointFormView
            initial={{ url: '', description: '', events: ['sale.created'] }}
            submitLabel="Add endpoint"
            onCancel={() => setAdding(false)}
            onSubmit={async (value) => {
              const created = await api('POST /api/settings/webhooks', { body: value });
              setEndpoints((current) => [...current, created]);
              setAdding(false);
              toast({ title: 'Endpoint added', description: 'Copy its signing secret to verify deliveries.', variant: 'success' });
            }}
          />
        </div>
      ) : null}

      {endpoints.length === 0 && !adding ? <p className="wh-muted">No endpoints yet.</p> : null}
      <ul className="wh-endpoints">
        {endpoints.map((endpoint) => (
          <EndpointCard
            key={endpoint.id}
            endpoint={endpoint}
            onChanged={(changed) => setEndpoints((current) => current.map((e) => (e.id === changed.id ? changed : e)))}
            onDeleted={(id) => setEndpoints((current) => current.filter((e) => e.id !== id))}
          />
        ))}
      </ul>

      <details className="wh-verify">
        <summary>Verifying webhooks</summary>
        <p>
          Each delivery carries <code>Toolmint-Webhook-Id</code> (the event id, the same on every retry), <code>Toolmint-Webhook-Timestamp</code> (Unix seconds)
          and <code>Toolmint-Signature: v1=&lt;hex&gt;</code>, the HMAC-SHA256 of <code>&lt;timestamp&gt;.&lt;raw body&gt;</code> keyed with the endpoint&apos;s
          signing secret. Answer with any 2xx within 10 seconds; anything else is retried after 1 min, 5 min, 30 min, 2 h, 6 h and then every 12 h, for 24
          hours.
        </p>
        <pre className="wh-snippet">
          <code>{WEBHOOK_VERIFY_SNIPPET}</code>
        </pre>
      </details>
    </section>
  );
}
