/**
 * Moderation and trust (issue 16, docs/decisions/037): reporting anything reportable, and the
 * administrators' queue, actions and log. Account routes: no API key reaches them (no `scope`),
 * only a session.
 */
import * as z from 'zod/mini';
import { defineRoute, json, page, pageQuery, uuid } from '../contract';
import { userId } from './profile';
import {
  LiftSuspensionInputSchema,
  ModerationActionInputSchema,
  ModerationLogEntrySchema,
  ModerationResultSchema,
  ReportInputSchema,
  ReportQueueItemSchema,
  ReportQueueQuery,
  ReportSchema,
  ReportTargetParams,
} from '../schemas/moderation';

const EXAMPLE_REVIEW = '5d0c2f7a-3b1e-4c8d-9f6a-1e2d3c4b5a69';
const EXAMPLE_REPORT = '7e1d3c5b-9a2f-4b6e-8d0c-3f5e7a9b1c2d';

export const reportContent = defineRoute({
  method: 'PUT',
  path: '/api/reports/{kind}/{targetId}',
  operationId: 'reportContent',
  tag: 'Moderation',
  summary: 'Report something to the team (your report of it: created or replaced)',
  description:
    '`kind`: `thread`, `reply`, `product`, `product_review`, `seller_review` or `profile`; `targetId` its id (a user id for a profile). ' +
    'Anything the public can see that is not your own. One report per person and target: 201 when created, 200 when it replaced the reason and note of your open report; ' +
    '409 ALREADY_REPORTED once the team has dealt with it.',
  auth: 'verified',
  mayCreate: true,
  params: ReportTargetParams,
  body: json(ReportInputSchema),
  response: json(ReportSchema),
  errors: ['REPORT_TARGET_NOT_FOUND', 'CANNOT_REPORT_OWN', 'ALREADY_REPORTED'],
  example: { params: { kind: 'product_review', targetId: EXAMPLE_REVIEW }, body: { reason: 'spam', note: 'Links to another store.' } },
});

export const listReports = defineRoute({
  method: 'GET',
  path: '/api/admin/reports',
  operationId: 'listReports',
  tag: 'Admin',
  summary: 'Reports, with what each is about in context (administrators only)',
  description:
    '`status=open` (default): oldest first, including posts of new accounts held for review (reason `held_links`); `status=resolved`: newest first, with the action that resolved each. Paginated: send `nextCursor` back as `cursor`.',
  auth: 'user',
  query: z.strictObject({ ...ReportQueueQuery, ...pageQuery() }),
  response: json(page(ReportQueueItemSchema)),
  errors: ['FORBIDDEN'],
  example: { query: { status: 'open', limit: '50' } },
});

export const actOnReport = defineRoute({
  method: 'POST',
  path: '/api/admin/reports/{id}/actions',
  operationId: 'actOnReport',
  tag: 'Admin',
  summary: 'Act on a report: dismiss, approve, hide, remove the product, lock the discussion or suspend the author (administrators only)',
  description:
    '`reason` is logged with who and when. `suspend` needs `until` (a future date-time) and with `hideContent: true` also hides all of the author’s public content (threads, replies, reviews, profile; products leave the marketplace). ' +
    '`approve` publishes a post held for review (and sends the notices its publication would have sent). `unsuspend` is refused here (409): a suspension is lifted on its user, `POST /api/admin/users/{userId}/unsuspend`. Every open report of the same target is resolved. 409 ACTION_NOT_APPLICABLE when the action does not fit what was reported, 409 REPORT_RESOLVED when it was already dealt with.',
  auth: 'user',
  params: z.strictObject({ id: uuid() }),
  body: json(ModerationActionInputSchema),
  response: json(ModerationResultSchema),
  errors: ['FORBIDDEN', 'REPORT_NOT_FOUND', 'REPORT_RESOLVED', 'ACTION_NOT_APPLICABLE'],
  example: { params: { id: EXAMPLE_REPORT }, body: { action: 'hide', reason: 'Advertising for another store.' } },
});

export const listModerationLog = defineRoute({
  method: 'GET',
  path: '/api/admin/moderation-actions',
  operationId: 'listModerationLog',
  tag: 'Admin',
  summary: 'Every moderation action, newest first: who, what, when, why (administrators only)',
  auth: 'user',
  query: z.strictObject(pageQuery()),
  response: json(page(ModerationLogEntrySchema)),
  errors: ['FORBIDDEN'],
  example: { query: { limit: '50' } },
});

export const liftSuspension = defineRoute({
  method: 'POST',
  path: '/api/admin/users/{userId}/unsuspend',
  operationId: 'liftSuspension',
  tag: 'Admin',
  summary: "Lift a user's suspension before its end (administrators only)",
  description:
    'A suspension is on the user, not on a report (the report that led to it is resolved by the suspension), so it is lifted here. ' +
    '`reason` is logged (action `unsuspend`, with who and when) and sent to the user, who gets a notice in the app and an email. ' +
    '409 NOT_SUSPENDED when the user is not suspended (never was, was lifted already, or the suspension has ended).',
  auth: 'user',
  params: z.strictObject({ userId: userId() }),
  body: json(LiftSuspensionInputSchema),
  response: json(ModerationLogEntrySchema),
  errors: ['FORBIDDEN', 'PROFILE_NOT_FOUND', 'NOT_SUSPENDED'],
  example: { params: { userId: 'demo-maya-chen' }, body: { reason: 'Appeal accepted: the reviews were genuine.' } },
});

export const moderationRoutes = [reportContent, listReports, actOnReport, listModerationLog, liftSuspension] as const;
