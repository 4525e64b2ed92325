/**
 * The API keys of /settings/api (docs/decisions/025): a form to create a key (a name and its
 * permissions), the new key shown once with a Copy button, and the list of keys with Revoke.
 * The form is react-hook-form with the same zod schema the server parses the body with
 * (src/shared/api-keys.ts, docs/decisions/019): checked on submit, then as fields change; the
 * server's field messages land on the fields, its other refusals (the key limit, the rate
 * limit) in the error summary, which then takes focus.
 * Talks to /api/settings/api-keys with the session cookie; the page renders the first list.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { API_KEY_NAME_MAX_LENGTH, CreateApiKeySchema, type ApiKeyView, type CreateApiKey, type CreatedApiKey } from '@/src/shared/api-keys';
import { API_KEY_SCOPE_LABELS, API_KEY_SCOPES } from '@/src/shared/domain';
import { api, ApiError } from '@/src/shared/api/client';
import { toast } from '@/src/stores/toasts';
import { useApiMutation } from '../hooks/use-api';
import { ErrorSummary } from '../ui/ErrorSummary';
import { FormField, type FieldStyles } from '../ui/FormField';
import { DataTable } from '../dashboard/DataTable';
import type { Column } from '../dashboard/table-columns';
import { errorAt, errorList } from '../ui/form-state';
import { useNeedsVerification, VerifyEmailNotice } from '../auth/VerifyEmailNotice';
import './settings.css';

interface Props {
  initialKeys: ApiKeyView[];
}

const KEY_COLUMNS: readonly Column[] = [
  { label: 'Name' },
  { label: 'Key' },
  { label: 'Permissions' },
  { label: 'Created', class: 'hide-sm' },
  { label: 'Last used' },
  { label: 'Actions', hidden: true },
];
const FIELD_STYLES: FieldStyles = { field: 'set-field', invalid: 'is-invalid', hint: 'set-hint', error: 'set-error' };
const LABELS: Record<string, string> = { name: 'Name', scopes: 'Permissions' };

/** 'Nov 23, 2026' in UTC: the same text on the server and in the browser (no hydration mismatch). */
const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
const dayAndTime = (iso: string) =>
  `${new Date(iso).toLocaleString('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' })} UTC`;

export default function ApiKeysPanel({ initialKeys }: Props) {
  const [keys, setKeys] = useState(initialKeys);
  const unverified = useNeedsVerification();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [copied, setCopied] = useState(false);
  const [formError, setFormError] = useState<{ message: string; attempt: number } | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const createdRef = useRef<HTMLDivElement>(null);
  const keyFieldRef = useRef<HTMLInputElement>(null);
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;

  const form = useForm<CreateApiKey>({
    resolver: zodResolver(CreateApiKeySchema),
    defaultValues: { name: '', scopes: [] },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const { errors, isSubmitting } = form.formState;

  // The one moment a key is on screen: take the reader there.
  const createdId = created?.id;
  useEffect(() => {
    if (createdId) createdRef.current?.focus();
  }, [createdId]);

  const focusField = (path: string | undefined) => {
    if (!path) return;
    const target = path.startsWith('scopes') ? document.getElementById(id(`scope-${API_KEY_SCOPES[0]}`)) : document.getElementById(id(path));
    target?.focus();
  };

  const create = useApiMutation((_signal, values: CreateApiKey) => api('POST /api/settings/api-keys', { body: values }), {
    onSuccess: (key) => {
      const { key: _secret, ...view } = key;
      setKeys((list) => [view, ...list]);
      setCreated(key);
      setCopied(false);
      form.reset();
    },
    onError: (error) => {
      const fields = Object.entries(error.fields).filter(([path]) => path === 'name' || path.startsWith('scopes'));
      for (const [path, message] of fields) form.setError(path.startsWith('scopes') ? 'scopes' : 'name', { type: 'server', message });
      if (fields.length) focusField(fields[0]?.[0]);
      else setFormError((previous) => ({ message: error.message, attempt: (previous?.attempt ?? 0) + 1 }));
    },
  });
  const submit = form.handleSubmit(
    (values) => {
      setFormError(null);
      return create.run(values);
    },
    (found) => focusField(errorList(found)[0]?.[0]),
  );

  async function copy() {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied(true);
      toast({ title: 'Key copied', description: 'Paste it where your script reads its secrets.', variant: 'success' });
    } catch {
      // No clipboard (an insecure origin, a refused permission): select it for Ctrl+C.
      keyFieldRef.current?.select();
      toast({ title: 'Copy it yourself', description: 'The key is selected: press Ctrl+C (or ⌘C) to copy it.' });
    }
  }

  const revoke = useApiMutation(
    async (_signal, key: ApiKeyView) => {
      try {
        await api('DELETE /api/settings/api-keys/{id}', { params: { id: key.id } });
      } catch (error) {
        // API_KEY_NOT_FOUND: already gone (revoked in another tab): it is off the list either way.
        if (!(error instanceof ApiError) || error.code !== 'API_KEY_NOT_FOUND') throw error;
      }
    },
    {
      onSuccess: (_, key) => {
        setKeys((list) => list.filter((k) => k.id !== key.id));
        if (created?.id === key.id) setCreated(null);
        setConfirming(null);
        toast({ title: 'Key revoked', description: `“${key.name}” no longer works.`, variant: 'success' });
      },
      onError: (error) => toast({ title: 'The key was not revoked', description: error.message, variant: 'destructive' }),
    },
  );
  const revoking = revoke.pending?.[0].id ?? null;

  const scopeError = errorAt(errors, 'scopes');
  const summaryItems = errorList(errors).map(([path]) => ({
    target: path.startsWith('scopes') ? id(`scope-${API_KEY_SCOPES[0]}`) : id(path),
    label: LABELS[path.split('.')[0] ?? path] ?? path,
  }));

  return (
    <div className="set-stack">
      <section className="cp-panel" aria-labelledby={id('create-title')}>
        <div className="cp-panel-head">
          <h2 id={id('create-title')}>Create an API key</h2>
          <p>A key acts as you, within the permissions you give it.</p>
        </div>
        {unverified ? (
          <VerifyEmailNotice action="create API keys" />
        ) : (
          <form className="set-form" onSubmit={(e) => void submit(e)} noValidate aria-label="Create an API key">
            <ErrorSummary items={summaryItems} title={formError?.message} focusKey={formError?.attempt ?? null} />
            <FormField
              id={id('name')}
              styles={FIELD_STYLES}
              label="Name"
              hint="What will use it, so you can tell keys apart: “Nightly import”, “GitHub Actions”."
              error={errorAt(errors, 'name')}
            >
              {(control) => (
                <input {...control} className="text-control" autoComplete="off" maxLength={API_KEY_NAME_MAX_LENGTH + 20} {...form.register('name')} />
              )}
            </FormField>
            <fieldset
              className={scopeError ? 'set-fieldset is-invalid' : 'set-fieldset'}
              aria-describedby={scopeError ? `${id('scopes')}-error` : undefined}
              aria-invalid={scopeError ? true : undefined}
            >
              <legend>Permissions</legend>
              {API_KEY_SCOPES.map((scope) => (
                <label key={scope} className="set-check" htmlFor={id(`scope-${scope}`)}>
                  <input id={id(`scope-${scope}`)} type="checkbox" value={scope} {...form.register('scopes')} />
                  <span>
                    <strong>{API_KEY_SCOPE_LABELS[scope].title}</strong> <code>{scope}</code>
                    <span className="set-hint">{API_KEY_SCOPE_LABELS[scope].text}</span>
                  </span>
                </label>
              ))}
              {scopeError ? (
                <p id={`${id('scopes')}-error`} className="set-error">
                  {scopeError}
                </p>
              ) : null}
            </fieldset>
            <p className="set-hint">Keys never reach your account settings: they cannot change your password, email, profile or keys.</p>
            <div className="set-actions">
              <button type="submit" className="btn btn-primary" disabled={isSubmitting} aria-busy={isSubmitting}>
                {isSubmitting ? 'Creating…' : 'Create key'}
              </button>
            </div>
          </form>
        )}
      </section>

      {created ? (
        <div ref={createdRef} className="set-created" role="region" aria-labelledby={id('created-title')} tabIndex={-1}>
          <h2 id={id('created-title')}>Copy your new key “{created.name}” now</h2>
          <p>
            <strong>You will not see it again.</strong> We keep only a fingerprint of it, so nobody, us included, can show it to you later. If you lose it,
            revoke it and create another.
          </p>
          <div className="set-key-row">
            <label className="visually-hidden" htmlFor={id('new-key')}>
              Your new API key
            </label>
            <input
              ref={keyFieldRef}
              id={id('new-key')}
              className="set-key text-control"
              readOnly
              value={created.key}
              spellCheck={false}
              onFocus={(e) => e.currentTarget.select()}
            />
            <button type="button" className="btn btn-primary" onClick={() => void copy()}>
              {copied ? 'Copied' : 'Copy key'}
            </button>
          </div>
          <p className="set-hint">
            Send it as <code>Authorization: Bearer {created.start}…</code> with each request.
          </p>
          <div className="set-actions">
            <button type="button" className="btn btn-secondary" onClick={() => setCreated(null)}>
              I have copied it
            </button>
          </div>
        </div>
      ) : null}

      <section className="cp-panel" aria-labelledby={id('list-title')}>
        <div className="cp-panel-head">
          <h2 id={id('list-title')}>Your API keys</h2>
          <p>{keys.length === 1 ? '1 key' : `${keys.length} keys`}</p>
        </div>
        {keys.length ? (
          <DataTable columns={KEY_COLUMNS} className="set-table">
            {keys.map((key) => (
              <tr key={key.id} data-api-key={key.id}>
                <td className="title">{key.name}</td>
                <td>
                  <code className="set-start">{key.start}…</code>
                </td>
                <td>
                  <ul className="set-scopes" aria-label={`Permissions of ${key.name}`}>
                    {key.scopes.map((scope) => (
                      <li key={scope}>
                        <code>{scope}</code>
                      </li>
                    ))}
                  </ul>
                </td>
                <td className="cp-muted hide-sm nowrap">
                  <time dateTime={key.createdAt}>{day(key.createdAt)}</time>
                </td>
                <td className="cp-muted nowrap">{key.lastUsedAt ? <time dateTime={key.lastUsedAt}>{dayAndTime(key.lastUsedAt)}</time> : 'Never'}</td>
                <td className="set-row-actions">
                  {confirming === key.id ? (
                    <span className="set-confirm" role="group" aria-label={`Revoke ${key.name}?`}>
                      <span>Scripts using it stop working at once.</span>
                      <button
                        type="button"
                        className="btn btn-danger"
                        onClick={() => void revoke.run(key)}
                        disabled={revoking === key.id}
                        aria-busy={revoking === key.id}
                      >
                        {revoking === key.id ? 'Revoking…' : 'Yes, revoke'}
                      </button>
                      <button type="button" className="btn btn-ghost" onClick={() => setConfirming(null)} disabled={revoking === key.id}>
                        Keep it
                      </button>
                    </span>
                  ) : (
                    <button type="button" className="btn btn-ghost" onClick={() => setConfirming(key.id)}>
                      Revoke<span className="visually-hidden"> {key.name}</span>
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        ) : (
          <div className="cp-empty">
            <h3>No API keys yet</h3>
            <p>Create one above to publish products, read your sales or verify licence keys from your own scripts.</p>
          </div>
        )}
      </section>
    </div>
  );
}
