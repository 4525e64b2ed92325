/**
 * The 'Updates' panel of a tool page (/tools/{id}): the tool's updates newest first with
 * type badges, versions and 'x ago', 'Load more', the tool's Atom feed, and for the tool's
 * maintainer or an administrator a form to post an update, the tool's changelog sources
 * (ChangelogSources, loaded only for them) and a type picker on each update (the server
 * decides who may: GET /api/tools/{id}/updates answers canPost, and every write enforces it).
 * Hydrated when visible: the tool pages stay light (docs/decisions/005). The post form is
 * react-hook-form with the API's own ToolUpdateInputSchema (docs/decisions/019): checked on
 * submit, then as fields change.
 */
import { lazy, Suspense, useEffect, useEffectEvent, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { formSchemaOf } from '@/src/shared/form-schema';
import { timeAgo, formatDate } from '@/src/shared/format';
import { UPDATE_CONTENT_MAX, UPDATE_TITLE_MAX, UPDATE_VERSION_MAX } from '@/src/shared/tool-updates';
import type { ToolUpdateView } from '@/src/shared/api/schemas/updates';
import { ToolUpdateInputSchema, type ToolUpdateInput } from '@/src/shared/api/schemas/updates';
import { api, ApiError } from '@/src/shared/api/client';
import { UPDATE_TYPE_LABELS, UPDATE_TYPES, type UpdateType } from '@/src/shared/domain';
import { toast } from '@/src/stores/toasts';
import { refreshUnreadCount } from '@/src/stores/notifications';
import { ErrorSummary } from '../ui/ErrorSummary';
import { FormField, type FieldStyles } from '../ui/FormField';
import { errorList } from '../ui/form-state';
import { FeedIcon, UpdateTypeBadge, UpdateVersion } from './UpdateTypeBadge';
import './updates.css';

// Maintainers only: its own chunk, fetched when the server says the caller may post.
const ChangelogSources = lazy(() => import('./ChangelogSources'));

interface Props {
  toolId: string;
  toolName: string;
}

const EMPTY_FORM = { title: '', content: '', updateType: 'feature' as UpdateType, version: '' };
type UpdateForm = typeof EMPTY_FORM;
const UpdateFormSchema = formSchemaOf<UpdateForm>()(ToolUpdateInputSchema);
const FIELD_STYLES: FieldStyles = { field: 'ufield', hint: 'hint', error: 'ufield-error' };
const LABELS: Record<keyof UpdateForm, string> = { title: 'Title', updateType: 'Type', version: 'Version', content: 'What changed' };

const fetchUpdates = (toolId: string, cursor: string | null) => api('GET /api/tools/{toolId}/updates', { params: { toolId }, query: cursor ? { cursor } : {} });

function UpdateItem({ update, onRetype }: { update: ToolUpdateView; onRetype?: ((type: UpdateType) => Promise<void>) | undefined }) {
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const long = update.content.length > 220;
  return (
    <li className="uitem">
      <div className="uitem-meta">
        <UpdateTypeBadge type={update.updateType} />
        <UpdateVersion version={update.version} />
        <time className="utime" dateTime={update.createdAt} title={formatDate(update.createdAt)} suppressHydrationWarning>
          {timeAgo(update.createdAt)}
        </time>
        {onRetype ? (
          // Maintainers re-classify an update (a changelog entry typed wrongly).
          <select
            className="uretype"
            value={update.updateType}
            disabled={saving}
            aria-label={`Re-classify “${update.title}”`}
            onChange={(e) => {
              setSaving(true);
              void onRetype(e.target.value as UpdateType).finally(() => setSaving(false));
            }}
          >
            {UPDATE_TYPES.map((t) => (
              <option key={t} value={t}>
                {UPDATE_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        ) : null}
      </div>
      <h3 className="uitem-title">{update.title}</h3>
      <p className={`uitem-body${long && !open ? ' clamp' : ''}`}>{update.content}</p>
      {long ? (
        <button type="button" className="ulink" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Show less' : 'Read more'}
        </button>
      ) : null}
    </li>
  );
}

export default function ToolUpdatesPanel({ toolId, toolName }: Props) {
  const [items, setItems] = useState<ToolUpdateView[]>([]);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [canPost, setCanPost] = useState(false);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [loadingMore, setLoadingMore] = useState(false);
  const [formOpen, setFormOpen] = useState(false);
  const form = useForm<UpdateForm, unknown, ToolUpdateInput>({
    resolver: zodResolver(UpdateFormSchema),
    defaultValues: EMPTY_FORM,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors, isSubmitting: posting } = form.formState;
  const updateType = useWatch({ control: form.control, name: 'updateType' });
  const uid = useId();

  async function load() {
    setStatus('loading');
    try {
      const answer = await fetchUpdates(toolId, null);
      setItems(answer.items);
      setNextCursor(answer.nextCursor);
      setCanPost(answer.canPost);
      setStatus('ready');
    } catch (error) {
      console.warn('[tool-updates] load failed:', error);
      setStatus('error');
      toast({ title: 'Failed to load updates', variant: 'destructive' });
    }
  }

  // An effect event: a new toolId loads again, with the latest load().
  const loadUpdates = useEffectEvent(() => void load());
  useEffect(() => {
    loadUpdates();
  }, [toolId]);

  useEffect(() => {
    if (formOpen) form.setFocus('title');
  }, [form, formOpen]);

  async function loadMore() {
    if (!nextCursor || loadingMore) return;
    setLoadingMore(true);
    try {
      const answer = await fetchUpdates(toolId, nextCursor);
      setItems((current) => [...current, ...answer.items.filter((u) => !current.some((c) => c.id === u.id))]);
      setNextCursor(answer.nextCursor);
    } catch (error) {
      console.warn('[tool-updates] load more failed:', error);
      toast({ title: 'Failed to load updates', variant: 'destructive' });
    } finally {
      setLoadingMore(false);
    }
  }

  const submit = form.handleSubmit(async (value) => {
    try {
      const body = await api('POST /api/tools/{toolId}/updates', { params: { toolId }, body: value });
      setItems((current) => [body.update, ...current]);
      form.reset(EMPTY_FORM);
      setFormOpen(false);
      const reach = `${toolName}'s followers${body.update.updateType === 'security' ? ` and the buyers of ${toolName} products` : ''} are being notified.`;
      toast({ title: 'Update posted', description: reach, variant: 'success' });
      void refreshUnreadCount();
    } catch (error) {
      if (error instanceof ApiError && error.code !== 'NETWORK') {
        for (const [path, message] of Object.entries(error.fields)) if (message) form.setError(path as keyof UpdateForm, { type: 'server', message });
        if (error.code === 'NOT_TOOL_MAINTAINER') setCanPost(false);
        toast({ title: 'Failed to post update', description: error.message || 'Something went wrong', variant: 'destructive' });
        return;
      }
      console.warn('[tool-updates] post failed:', error);
      toast({ title: 'Failed to post update', description: 'Something went wrong', variant: 'destructive' });
    }
  });

  const id = (name: string) => `${uid}-${name}`;

  /** A maintainer re-types an update (a changelog entry typed wrongly). */
  async function retype(update: ToolUpdateView, updateType: UpdateType) {
    try {
      const changed = await api('PATCH /api/tools/{toolId}/updates/{updateId}', { params: { toolId, updateId: update.id }, body: { updateType } });
      setItems((current) => current.map((u) => (u.id === changed.id ? changed : u)));
      toast({ title: 'Update re-typed', description: `Now: ${UPDATE_TYPE_LABELS[changed.updateType]}`, variant: 'success' });
    } catch (error) {
      toast({ title: 'Could not change the type', description: error instanceof ApiError ? error.message : 'Something went wrong', variant: 'destructive' });
    }
  }

  return (
    <section className="panel card upanel" aria-labelledby={id('heading')}>
      <div className="upanel-head">
        <h2 id={id('heading')}>Updates</h2>
        <div className="upanel-actions">
          <a className="ufeed" href={`/tools/${toolId}/feed.xml`} type="application/atom+xml">
            <FeedIcon />
            Feed<span className="visually-hidden"> of {toolName} updates (Atom)</span>
          </a>
          {canPost && !formOpen ? (
            <button type="button" className="btn btn-primary" onClick={() => setFormOpen(true)}>
              Post an update
            </button>
          ) : null}
        </div>
      </div>
      <p className="muted" style={{ margin: 0 }}>
        Features, announcements, fixes and security notices for {toolName}. Follow the tool to get them as notifications.
      </p>

      {canPost && formOpen ? (
        <form className="uform" onSubmit={(e) => void submit(e)} noValidate aria-label={`Post an update for ${toolName}`}>
          <ErrorSummary items={errorList(errors).map(([name]) => ({ target: id(name), label: LABELS[name as keyof UpdateForm] ?? name }))} />
          <div className="uform-row">
            <FormField id={id('title')} styles={FIELD_STYLES} label="Title" error={errors.title?.message}>
              {(control) => <input {...control} maxLength={UPDATE_TITLE_MAX + 20} {...form.register('title')} />}
            </FormField>
            <FormField id={id('updateType')} styles={FIELD_STYLES} label="Type" error={errors.updateType?.message}>
              {(control) => (
                <select {...control} {...form.register('updateType')}>
                  {UPDATE_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {UPDATE_TYPE_LABELS[t]}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          </div>
          <FormField
            id={id('version')}
            styles={FIELD_STYLES}
            label={
              <>
                Version <span className="hint">(optional)</span>
              </>
            }
            error={errors.version?.message}
          >
            {(control) => <input {...control} maxLength={UPDATE_VERSION_MAX + 10} placeholder="e.g. 1.42.0" {...form.register('version')} />}
          </FormField>
          <FormField id={id('content')} styles={FIELD_STYLES} label="What changed" error={errors.content?.message}>
            {(control) => <textarea {...control} maxLength={UPDATE_CONTENT_MAX + 100} {...form.register('content')} />}
          </FormField>
          {updateType === 'security' ? (
            <p className="usecurity-note">Security updates also notify everyone who downloaded a product built on {toolName}, even if they do not follow it.</p>
          ) : null}
          <div className="uform-actions">
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => {
                setFormOpen(false);
                form.reset(undefined, { keepValues: true });
              }}
              disabled={posting}
            >
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={posting} aria-busy={posting}>
              {posting ? 'Posting…' : 'Post update'}
            </button>
          </div>
        </form>
      ) : null}

      {canPost ? (
        <Suspense fallback={null}>
          <ChangelogSources toolId={toolId} toolName={toolName} onPosted={() => void load()} />
        </Suspense>
      ) : null}

      {status === 'loading' ? (
        <div role="status" aria-busy="true" aria-label="Loading updates">
          <div className="uskeleton" />
          <div className="uskeleton" />
        </div>
      ) : status === 'error' ? (
        <p className="uempty">
          We couldn't load the updates.{' '}
          <button type="button" className="ulink" onClick={() => void load()}>
            Try again
          </button>
        </p>
      ) : items.length === 0 ? (
        <p className="uempty">No updates available</p>
      ) : (
        <>
          <ul className="ulist" style={{ listStyle: 'none', padding: 0, margin: '0.5rem 0 0' }}>
            {items.map((u) => (
              <UpdateItem key={u.id} update={u} onRetype={canPost ? (type) => retype(u, type) : undefined} />
            ))}
          </ul>
          {nextCursor ? (
            <button type="button" className="btn btn-secondary umore" onClick={() => void loadMore()} disabled={loadingMore} aria-busy={loadingMore}>
              {loadingMore ? 'Loading…' : 'Load more updates'}
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}
