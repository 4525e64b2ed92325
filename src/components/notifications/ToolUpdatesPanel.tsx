/**
 * The 'Updates' panel of a tool page (/tools/{id}): the tool's updates newest first with
 * type badges, versions and 'x ago', 'Load more', the tool's Atom feed, and for the tool's
 * maintainer or an administrator a form to post an update (PostUpdateForm), the tool's
 * changelog sources (ChangelogSources, loaded only for them) and a type picker on each update
 * (the server decides who may: GET /api/tools/{id}/updates answers canPost, and every write
 * enforces it). Hydrated when visible: the tool pages stay light (docs/decisions/005).
 */
import { lazy, Suspense, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { formSchemaOf } from '@/src/shared/form-schema';
import { timeAgo, formatDate } from '@/src/shared/format';
import type { ToolUpdateView } from '@/src/shared/api/schemas/updates';
import { ToolUpdateInputSchema, type ToolUpdateInput } from '@/src/shared/api/schemas/updates';
import { api } from '@/src/shared/api/client';
import { UPDATE_TYPE_LABELS, UPDATE_TYPES, type UpdateType } from '@/src/shared/domain';
import { toast } from '@/src/stores/toasts';
import { useApiMutation } from '../hooks/use-api';
import { usePagedList } from '../hooks/use-paged-list';
import { EMPTY_UPDATE, PostUpdateForm, type UpdateValues } from './PostUpdateForm';
import { FeedIcon, UpdateTypeBadge, UpdateVersion } from './UpdateTypeBadge';
import './updates.css';

// Maintainers only: its own chunk, fetched when the server says the caller may post.
const ChangelogSources = lazy(() => import('./ChangelogSources'));

interface Props {
  toolId: string;
  toolName: string;
}

const UpdateFormSchema = formSchemaOf<UpdateValues>()(ToolUpdateInputSchema);

/** One update; a maintainer's copy has a type picker (`toolId` given) that saves at once. */
function UpdateItem({ update, toolId, onChanged }: { update: ToolUpdateView; toolId: string | null; onChanged(update: ToolUpdateView): void }) {
  const [open, setOpen] = useState(false);
  const retype = useApiMutation(
    (_signal, updateType: UpdateType) =>
      api('PATCH /api/tools/{toolId}/updates/{updateId}', { params: { toolId: toolId!, updateId: update.id }, body: { updateType } }),
    {
      onSuccess: (changed) => {
        onChanged(changed);
        toast({ title: 'Update re-typed', description: `Now: ${UPDATE_TYPE_LABELS[changed.updateType]}`, variant: 'success' });
      },
      onError: (error) => toast({ title: 'Could not change the type', description: error.message, variant: 'destructive' }),
    },
  );
  const long = update.content.length > 220;
  return (
    <li className="uitem">
      <div className="uitem-meta">
        <UpdateTypeBadge type={update.updateType} />
        <UpdateVersion version={update.version} />
        <time className="utime" dateTime={update.createdAt} title={formatDate(update.createdAt)} suppressHydrationWarning>
          {timeAgo(update.createdAt)}
        </time>
        {toolId ? (
          // Maintainers re-classify an update (a changelog entry typed wrongly).
          <select
            className="uretype"
            value={update.updateType}
            disabled={retype.busy}
            aria-label={`Re-classify “${update.title}”`}
            onChange={(e) => void retype.run(e.target.value as UpdateType)}
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
  const [canPost, setCanPost] = useState(false);
  const [formOpen, setFormOpen] = useState(false);
  const form = useForm<UpdateValues, unknown, ToolUpdateInput>({
    resolver: zodResolver(UpdateFormSchema),
    defaultValues: EMPTY_UPDATE,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const uid = useId();
  const updates = usePagedList((signal, cursor) => api('GET /api/tools/{toolId}/updates', { params: { toolId }, query: cursor ? { cursor } : {}, signal }), {
    key: toolId,
    onPage: (page, more) => {
      if (!more) setCanPost(page.canPost);
    },
    onError: () => toast({ title: 'Failed to load updates', variant: 'destructive' }),
  });
  const id = (name: string) => `${uid}-${name}`;
  const changed = (update: ToolUpdateView) => updates.setItems((current) => current.map((u) => (u.id === update.id ? update : u)));

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
        <PostUpdateForm
          form={form}
          toolId={toolId}
          toolName={toolName}
          onPosted={(update) => updates.setItems((current) => [update, ...current])}
          onClose={() => setFormOpen(false)}
          onRefused={() => setCanPost(false)}
        />
      ) : null}

      {canPost ? (
        <Suspense fallback={null}>
          <ChangelogSources toolId={toolId} toolName={toolName} onPosted={() => void updates.load()} />
        </Suspense>
      ) : null}

      {updates.loading ? (
        <div role="status" aria-busy="true" aria-label="Loading updates">
          <div className="uskeleton" />
          <div className="uskeleton" />
        </div>
      ) : updates.error ? (
        <p className="uempty">
          We couldn't load the updates.{' '}
          <button type="button" className="ulink" onClick={() => void updates.retry()}>
            Try again
          </button>
        </p>
      ) : updates.items.length === 0 ? (
        <p className="uempty">No updates available</p>
      ) : (
        <>
          <ul className="ulist" style={{ listStyle: 'none', padding: 0, margin: '0.5rem 0 0' }}>
            {updates.items.map((u) => (
              <UpdateItem key={u.id} update={u} toolId={canPost ? toolId : null} onChanged={changed} />
            ))}
          </ul>
          {updates.nextCursor ? (
            <button
              type="button"
              className="btn btn-secondary umore"
              onClick={() => void updates.more()}
              disabled={updates.loadingMore}
              aria-busy={updates.loadingMore}
            >
              {updates.loadingMore ? 'Loading…' : 'Load more updates'}
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}
