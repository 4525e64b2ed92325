/**
 * A tool page's latest discussions (issue 16, docs/decisions/036): the newest threads of the
 * tool's community space, loaded when the panel scrolls into view (the tool page is a stored
 * page, so the list is always current without re-rendering it), with a link to the space and
 * to start a discussion there.
 */
import { useId } from 'react';
import { formatCount, formatDate, timeAgo } from '@/src/shared/format';
import { TOOL_DISCUSSIONS_SHOWN } from '@/src/shared/community-qa';
import type { ThreadSummary } from '@/src/shared/api/schemas/community';
import { api } from '@/src/shared/api/client';
import { useApiQuery } from '../hooks/use-api';
import '../catalogue/feedback-panels.css';
import '../catalogue/questions.css';

interface Props {
  toolName: string;
  spaceId: string;
  spaceUrl: string;
  newThreadUrl: string;
}

export default function ToolDiscussions({ toolName, spaceId, spaceUrl, newThreadUrl }: Props) {
  const uid = useId();
  const latest = useApiQuery(
    (signal) => api('GET /api/community/threads', { query: { space: spaceId, sort: 'new', limit: String(TOOL_DISCUSSIONS_SHOWN) }, signal }),
    { key: spaceId },
  );
  const items: ThreadSummary[] | null = latest.data?.items ?? null;
  const failed = latest.error !== null;

  return (
    <section className="panel card pqa" aria-labelledby={`${uid}-title`} data-tool-discussions>
      <div className="pqa-head">
        <h2 id={`${uid}-title`}>Latest discussions</h2>
        <a href={spaceUrl}>Open the {toolName} space</a>
      </div>
      {failed ? <p className="pqa-error">The discussions could not be loaded. Please reload the page.</p> : null}
      {items === null && !failed ? <p className="muted">Loading discussions…</p> : null}
      {items && items.length === 0 ? (
        <p className="muted">
          No discussions about {toolName} yet. <a href={newThreadUrl}>Start the first one</a>.
        </p>
      ) : null}
      {items && items.length > 0 ? (
        <ul className="pqa-list" aria-label={`Latest ${toolName} discussions`}>
          {items.map((t) => (
            <li key={t.id} className="pqa-item">
              <a className="pqa-title" href={t.url}>
                {t.title}
              </a>
              <p className="pqa-meta">
                {t.kind === 'question' ? <span className="badge">{t.answered ? 'Answered' : 'Question'}</span> : null}
                <span>
                  {formatCount(t.replyCount)} {t.replyCount === 1 ? 'reply' : 'replies'}
                </span>
                <span>
                  {formatCount(t.voteCount)} {t.voteCount === 1 ? 'up-vote' : 'up-votes'}
                </span>
                {t.author ? <span>by {t.author.name}</span> : null}
                <time dateTime={t.lastActivityAt} title={formatDate(t.lastActivityAt)} suppressHydrationWarning>
                  {timeAgo(t.lastActivityAt)}
                </time>
              </p>
            </li>
          ))}
        </ul>
      ) : null}
      {items && items.length > 0 ? (
        <p style={{ margin: 0 }}>
          <a className="btn btn-secondary btn-sm" href={newThreadUrl}>
            Start a discussion
          </a>
        </p>
      ) : null}
    </section>
  );
}
