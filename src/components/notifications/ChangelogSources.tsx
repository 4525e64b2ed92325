/**
 * 'Changelog sources' of a tool page, for its maintainer or an administrator (docs/decisions/039):
 * the tool's RSS, Atom or JSON Feed changelogs with how their last fetch went, a form to add
 * one, and Fetch now, Resume (a paused source) and Remove. Loaded by ToolUpdatesPanel only
 * when the server says the caller may post (its own chunk: visitors never download it); the
 * server decides everything (SSRF guard, limits, who may) and its field messages land under
 * the field. The form is react-hook-form with the API's own schema (docs/decisions/019).
 */
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod/mini';
import { formatDate, timeAgo } from '@/src/shared/format';
import { FEED_KIND_LABELS } from '@/src/shared/domain';
import {
  CHANGELOG_URL_MAX,
  ChangelogSourceInputSchema,
  MAX_CHANGELOG_SOURCES,
  type ChangelogSourceInput,
  type ChangelogSourceView,
} from '@/src/shared/tool-feeds';
import { api } from '@/src/shared/api/client';
import { toast } from '@/src/stores/toasts';
import { useApiMutation, useApiQuery } from '../hooks/use-api';
import { FormField, type FieldStyles } from '../ui/FormField';

interface Props {
  toolId: string;
  toolName: string;
  /** After a fetch posted updates: the panel reloads its list. */
  onPosted(): void;
}

type SourceForm = z.input<typeof ChangelogSourceInputSchema>;
const FIELD_STYLES: FieldStyles = { field: 'ufield', hint: 'hint', error: 'ufield-error' };
type Action = 'fetch' | 'resume' | 'remove';

interface ItemProps {
  source: ChangelogSourceView;
  toolId: string;
  onChanged(source: ChangelogSourceView): void;
  onRemoved(id: string): void;
  onPosted(): void;
}

function SourceItem({ source, toolId, onChanged, onRemoved, onPosted }: ItemProps) {
  const params = { toolId, sourceId: source.id };
  const act = useApiMutation(
    async (_signal, action: Action) => {
      if (action === 'remove') {
        await api('DELETE /api/tools/{toolId}/changelog-sources/{sourceId}', { params });
        onRemoved(source.id);
        toast({ title: 'Changelog source removed', variant: 'success' });
      } else if (action === 'resume') {
        onChanged(await api('POST /api/tools/{toolId}/changelog-sources/{sourceId}/resume', { params }));
        toast({ title: 'Source resumed', description: 'It is fetched again at the next run.', variant: 'success' });
      } else {
        const { outcome, source: fetched } = await api('POST /api/tools/{toolId}/changelog-sources/{sourceId}/fetch', { params });
        onChanged(fetched);
        toast({ title: outcome.ok ? 'Fetched' : 'The fetch failed', description: outcome.status, variant: outcome.ok ? 'success' : 'destructive' });
        if (outcome.posted) onPosted();
      }
    },
    { onError: (error) => toast({ title: 'That did not work', description: error.message, variant: 'destructive' }) },
  );
  const busy = act.busy;
  const onAction = (action: Action) => void act.run(action);
  const failed = source.lastStatus?.startsWith('Last fetch failed') ?? false;
  return (
    <li className="csrc" data-source-id={source.id}>
      <div className="csrc-head">
        <span className="csrc-url">{source.url}</span>
        {source.kind ? <span className="uversion">{FEED_KIND_LABELS[source.kind]}</span> : null}
        {source.pausedAt ? <span className="utype utype-red">Paused</span> : null}
      </div>
      <p className={`csrc-status${failed ? ' csrc-failed' : ''}`} role="status">
        {source.lastStatus ?? 'Not fetched yet'}
        {source.lastFetchedAt ? (
          <>
            {' · '}
            <time dateTime={source.lastFetchedAt} title={formatDate(source.lastFetchedAt)} suppressHydrationWarning>
              {timeAgo(source.lastFetchedAt)}
            </time>
          </>
        ) : null}
        {source.pausedAt ? ` · paused after ${source.consecutiveFailures} failed fetches` : null}
      </p>
      <div className="csrc-actions">
        <button type="button" className="btn btn-secondary csrc-btn" disabled={busy} aria-busy={busy} onClick={() => onAction('fetch')}>
          Fetch now
        </button>
        {source.pausedAt ? (
          <button type="button" className="btn btn-secondary csrc-btn" disabled={busy} onClick={() => onAction('resume')}>
            Resume
          </button>
        ) : null}
        <button type="button" className="btn btn-secondary csrc-btn" disabled={busy} onClick={() => onAction('remove')}>
          Remove<span className="visually-hidden"> {source.url}</span>
        </button>
      </div>
    </li>
  );
}

export default function ChangelogSources({ toolId, toolName, onPosted }: Props) {
  const uid = useId();
  const list = useApiQuery(async (signal) => (await api('GET /api/tools/{toolId}/changelog-sources', { params: { toolId }, signal })).items, {
    key: toolId,
    onError: (error) => toast({ title: 'Failed to load the changelog sources', description: error.message, variant: 'destructive' }),
  });
  const sources = list.data ?? null;
  const change = (update: (current: ChangelogSourceView[]) => ChangelogSourceView[]) => list.setData((current) => update(current ?? []));
  const form = useForm<SourceForm, unknown, ChangelogSourceInput>({
    resolver: zodResolver(ChangelogSourceInputSchema),
    defaultValues: { url: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors, isSubmitting } = form.formState;

  const add = useApiMutation((_signal, value: ChangelogSourceInput) => api('POST /api/tools/{toolId}/changelog-sources', { params: { toolId }, body: value }), {
    onSuccess: (source) => {
      change((current) => [...current, source]);
      form.reset({ url: '' });
      toast({ title: 'Changelog source added', description: 'It is fetched within the hour, or now with Fetch now.', variant: 'success' });
    },
    onError: (error) => {
      const message = error.fields['url'];
      if (message) {
        form.setError('url', { type: 'server', message });
        form.setFocus('url');
      } else toast({ title: 'Could not add the source', description: error.message, variant: 'destructive' });
    },
  });
  const submit = form.handleSubmit((value) => add.run(value));

  const full = (sources?.length ?? 0) >= MAX_CHANGELOG_SOURCES;
  return (
    <section className="csources" id="changelog-sources" aria-labelledby={`${uid}-heading`}>
      <h3 id={`${uid}-heading`}>Changelog sources</h3>
      <p className="muted">
        RSS, Atom or JSON Feed changelogs of {toolName} (a GitHub repository's releases are at <code>https://github.com/owner/repo/releases.atom</code>
        ). New entries are posted here as updates and sent to followers.
      </p>
      {sources === null ? (
        <div className="uskeleton" role="status" aria-label="Loading changelog sources" />
      ) : sources.length ? (
        <ul className="csrc-list">
          {sources.map((s) => (
            <SourceItem
              key={s.id}
              source={s}
              toolId={toolId}
              onChanged={(changed) => change((current) => current.map((c) => (c.id === changed.id ? changed : c)))}
              onRemoved={(id) => change((current) => current.filter((c) => c.id !== id))}
              onPosted={onPosted}
            />
          ))}
        </ul>
      ) : (
        <p className="uempty">No changelog sources yet.</p>
      )}
      {full ? (
        <p className="muted">A tool can have {MAX_CHANGELOG_SOURCES} sources. Remove one to add another.</p>
      ) : (
        <form className="csrc-form" onSubmit={(e) => void submit(e)} noValidate aria-label={`Add a changelog source for ${toolName}`}>
          <FormField id={`${uid}-url`} styles={FIELD_STYLES} label="Feed URL" error={errors.url?.message}>
            {(control) => (
              <input
                {...control}
                type="url"
                inputMode="url"
                maxLength={CHANGELOG_URL_MAX}
                placeholder="https://github.com/owner/repo/releases.atom"
                {...form.register('url')}
              />
            )}
          </FormField>
          <button type="submit" className="btn btn-primary" disabled={isSubmitting} aria-busy={isSubmitting}>
            {isSubmitting ? 'Adding…' : 'Add source'}
          </button>
        </form>
      )}
    </section>
  );
}
