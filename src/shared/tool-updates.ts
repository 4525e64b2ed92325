/**
 * Tool updates and notifications (spec sections 3, 8 and 9): the update types' badge
 * colours (the types and labels are src/shared/domain.ts), the post form's rules, and the public shapes the API answers with. Isomorphic and
 * dependency-free: the tool page island, /tool-updates and functions/tool-updates share it,
 * so the form and the server apply the same rules with the same messages.
 */
import { isTimestampText, isUuid } from './ids';
import { readTextField } from './text';
import type { OrderFeedItem } from './notifications';
import { UPDATE_TYPES, isOneOf, type NotificationReason, type UpdateType } from './domain';

/** Spec section 9: feature green, announcement blue, bug_fix yellow, security red (other neutral). */
export const UPDATE_TYPE_TONES: Record<UpdateType, 'green' | 'blue' | 'yellow' | 'red' | 'neutral'> = {
  feature: 'green',
  announcement: 'blue',
  bug_fix: 'yellow',
  security: 'red',
  other: 'neutral',
};

export function isUpdateType(value: unknown): value is UpdateType {
  return isOneOf(UPDATE_TYPES, value);
}

export const UPDATE_TITLE_MIN = 5;
export const UPDATE_TITLE_MAX = 200;
export const UPDATE_CONTENT_MIN = 20;
export const UPDATE_CONTENT_MAX = 5000;
export const UPDATE_VERSION_MAX = 40;
/** Spec section 7: updates are read 10 at a time by default. */
export const UPDATES_PAGE_SIZE = 10;
export const NOTIFICATIONS_PAGE_SIZE = 20;

export interface ToolUpdateInput {
  title: string;
  content: string;
  updateType: UpdateType;
  /** Empty means none. */
  version: string | null;
}

export type ToolUpdateFields = Partial<Record<keyof ToolUpdateInput, string>>;

/**
 * Trims and checks a post: field messages, or the clean input. The server refuses what this
 * refuses (functions/tool-updates/tool-updates.service.ts).
 */
export function validateToolUpdate(raw: unknown): { ok: true; value: ToolUpdateInput } | { ok: false; fields: ToolUpdateFields } {
  const input = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const fields: ToolUpdateFields = {};
  // The shared text rule (src/shared/text.ts) first: not text, or control characters.
  const text = (key: keyof ToolUpdateFields) => {
    const read = readTextField(input[key]);
    if (read.problem) fields[key] = read.problem;
    return read.text;
  };
  const title = text('title');
  const content = text('content');
  const version = text('version');
  const updateType = input['updateType'];
  if (!title) fields.title ??= 'Title is required';
  else if (title.length < UPDATE_TITLE_MIN) fields.title ??= `Title must be at least ${UPDATE_TITLE_MIN} characters`;
  else if (title.length > UPDATE_TITLE_MAX) fields.title ??= `Title must be at most ${UPDATE_TITLE_MAX} characters`;
  if (!content) fields.content ??= 'Content is required';
  else if (content.length < UPDATE_CONTENT_MIN) fields.content ??= `Content must be at least ${UPDATE_CONTENT_MIN} characters`;
  else if (content.length > UPDATE_CONTENT_MAX) fields.content ??= `Content must be at most ${UPDATE_CONTENT_MAX} characters`;
  if (!isUpdateType(updateType)) fields.updateType = 'Choose feature, announcement, bug fix, security or other';
  if (version.length > UPDATE_VERSION_MAX) fields.version ??= `Version must be at most ${UPDATE_VERSION_MAX} characters`;
  if (Object.keys(fields).length || !isUpdateType(updateType)) return { ok: false, fields };
  return { ok: true, value: { title, content, updateType, version: version || null } };
}

/** An update as the API answers it. */
export interface ToolUpdateView {
  id: string;
  toolId: string;
  toolName: string;
  title: string;
  content: string;
  updateType: UpdateType;
  version: string | null;
  createdAt: string;
  authorName: string | null;
}

/** An update in /tool-updates, with the reader's notification when they have one. */
export interface ToolUpdateFeedItem extends ToolUpdateView {
  kind: 'tool_update';
  /** The reader's notification for this update; null for an update of a followed tool posted before they followed. */
  notificationId: string | null;
  isRead: boolean;
  /** 'security_impact': the reader downloaded a product built on the tool. */
  reason: NotificationReason | null;
  /** For a security notice: the title of a product the reader downloaded that is built on the tool. */
  impactedProduct: { id: string; title: string } | null;
}

/** One entry of /tool-updates: a tool update, or (for a creator) a sale or refund notice. */
export type FeedItem = ToolUpdateFeedItem | OrderFeedItem;

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** Keyset cursors over (created_at desc, id desc): opaque to clients, checked by the server. */
export function encodeCursor(createdAt: string, id: string): string {
  return `${createdAt}|${id}`;
}

export function decodeCursor(cursor: string | null | undefined): { createdAt: string; id: string } | null {
  if (!cursor) return null;
  const [createdAt, id, extra] = cursor.split('|');
  // Strict: the timestamp and id go to PostgreSQL as timestamptz and uuid (docs/decisions/010).
  if (extra !== undefined || !isTimestampText(createdAt) || !isUuid(id)) return null;
  return { createdAt, id };
}
