/**
 * What every part of a thread page's island reads (ThreadIsland provides it): the visitor's
 * state from GET /api/community/threads/{id}/viewer, and the island's actions, so the vote
 * bar, the reply list and the post actions change one state without passing it down by hand.
 */
import { createContext, useContext } from 'react';
import type { Reply, ThreadViewer } from '@/src/shared/api/schemas/community';
import type { Target } from './thread-page';

export interface ReplyMeta {
  id: string;
  parentReplyId: string | null;
  authorName: string | null;
}

/** A post's votes as the server counted them after a vote. */
export interface VoteState {
  voteCount: number;
  voted: boolean;
}

export interface Thread {
  threadId: string;
  loginHref: string;
  viewer: ThreadViewer;
  /** Signed in without a verified email: counts only, no writing (docs/decisions/052). */
  unverified: boolean;
  /** Posts deleted during this visit. */
  gone: ReadonlySet<string>;
  /** The post whose 'Delete' asks 'Yes, delete it' / 'Keep it' (one at a time). */
  confirming: Target | null;
  startReply(to: ReplyMeta | null): void;
  startEdit(target: Target): void;
  confirmDelete(target: Target | null): void;
  voted(target: Target, state: VoteState): void;
  deleted(target: Target): void;
  changeViewer(change: (viewer: ThreadViewer) => ThreadViewer): void;
  /** A reply posted during this visit. */
  replied(reply: Reply): void;
}

export const ThreadContext = createContext<Thread | null>(null);

export function useThread(): Thread {
  const thread = useContext(ThreadContext);
  if (!thread) throw new Error('useThread: outside ThreadIsland');
  return thread;
}
