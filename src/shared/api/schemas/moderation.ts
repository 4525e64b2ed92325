/**
 * Moderation and trust as the API reads and answers it (issue 16, docs/decisions/037): a report
 * of anything reportable, the administrators' queue of reports, their actions and the log of
 * them. zod/mini: the report form validates with the same schema (docs/decisions/019, 022).
 */
import * as z from 'zod/mini';
import { MODERATION_ACTIONS, REPORT_REASONS, REPORT_ROW_REASONS, REPORT_STATUSES, REPORT_TARGET_KINDS } from '../../domain';
import { maxLength, optionalText, strictObject, userText } from './fields';

export const REPORT_NOTE_MAX = 1000;
const MODERATION_REASON_MAX = 1000;

// --- Requests -------------------------------------------------------------------------------

/** A report: one of the reasons, and an optional note for the team (at most 1000 characters). */
export const ReportInputSchema = strictObject({
  reason: z.enum(REPORT_REASONS, { error: 'Choose a reason' }),
  note: optionalText(maxLength(REPORT_NOTE_MAX, `At most ${REPORT_NOTE_MAX} characters`)),
});
export type ReportInput = z.output<typeof ReportInputSchema>;

/** The path of a report: what kind of thing, and its id (a UUID, or a user id for a profile). */
export const ReportTargetParams = z.strictObject({
  kind: z.enum(REPORT_TARGET_KINDS),
  targetId: z.string().check(z.minLength(1), z.maxLength(100), z.regex(/^[A-Za-z0-9_-]+$/, 'Not a valid id')),
});

const REASON_REQUIRED = 'Say why: the log keeps it';

/**
 * An administrator's action on a report. `reason` is logged (who, what, when, why); `until`
 * (an ISO date-time in the future) is required by `suspend`; `hideContent` with `suspend` also
 * hides all of the author's public content.
 */
export const ModerationActionInputSchema = strictObject({
  action: z.enum(MODERATION_ACTIONS, { error: 'Choose an action' }),
  reason: userText((value) => (!value ? REASON_REQUIRED : maxLength(MODERATION_REASON_MAX, `At most ${MODERATION_REASON_MAX} characters`)(value)), {
    required: REASON_REQUIRED,
  }),
  until: z.optional(z.nullable(z.iso.datetime({ offset: true, error: 'Give the end date and time' }))),
  hideContent: z.optional(z.boolean()),
});
export type ModerationActionInput = z.output<typeof ModerationActionInputSchema>;

/** Lifting a suspension before its end (docs/decisions/042): why, for the log and for the user. */
export const LiftSuspensionInputSchema = strictObject({ reason: ModerationActionInputSchema.shape.reason });
export type LiftSuspensionInput = z.output<typeof LiftSuspensionInputSchema>;

export const ReportQueueQuery = { status: z._default(z.enum(REPORT_STATUSES), 'open') };

// --- Answers --------------------------------------------------------------------------------

/** The caller's report, as stored. */
export const ReportSchema = z.object({
  id: z.string(),
  targetKind: z.enum(REPORT_TARGET_KINDS),
  targetId: z.string(),
  reason: z.enum(REPORT_ROW_REASONS),
  note: z.nullable(z.string()),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
});
export type Report = z.output<typeof ReportSchema>;

/** What was reported, in context: its text, its author, where it is, and what the team did to it so far. */
const ReportTargetSchema = z.object({
  exists: z.boolean(),
  title: z.nullable(z.string()),
  text: z.nullable(z.string()),
  url: z.nullable(z.string()),
  authorId: z.nullable(z.string()),
  authorName: z.nullable(z.string()),
  /** Hidden (a post, a review, a profile) or removed (a product) by the team. */
  hidden: z.boolean(),
  /** A discussion (or the discussion of a reply) is locked. */
  locked: z.boolean(),
  authorSuspendedUntil: z.nullable(z.string()),
});

/** A report in the administrators' queue. */
export const ReportQueueItemSchema = z.object({
  ...ReportSchema.shape,
  reporterId: z.nullable(z.string()),
  reporterName: z.nullable(z.string()),
  resolution: z.nullable(z.enum(MODERATION_ACTIONS)),
  resolvedAt: z.nullable(z.string()),
  resolvedByName: z.nullable(z.string()),
  target: ReportTargetSchema,
});
export type ReportQueueItem = z.output<typeof ReportQueueItemSchema>;

/** One logged moderation action. */
export const ModerationLogEntrySchema = z.object({
  id: z.string(),
  action: z.enum(MODERATION_ACTIONS),
  actorId: z.nullable(z.string()),
  actorName: z.nullable(z.string()),
  targetKind: z.enum(REPORT_TARGET_KINDS),
  targetId: z.string(),
  subjectUserId: z.nullable(z.string()),
  subjectName: z.nullable(z.string()),
  reportId: z.nullable(z.string()),
  reason: z.string(),
  until: z.nullable(z.string()),
  createdAt: z.string(),
});
export type ModerationLogEntry = z.output<typeof ModerationLogEntrySchema>;

/**
 * A user's notice of their own suspension or of its lifting (docs/decisions/042), in
 * /tool-updates: until when (a suspension) and why, as the log keeps them.
 */
export const SuspensionFeedItemSchema = z.object({
  kind: z.literal('account_suspension'),
  /** The notification's id. */
  id: z.string(),
  notificationId: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
  /** True when this tells of the suspension lifted early. */
  lifted: z.boolean(),
  /** A suspension's end; null for a lifting. */
  until: z.nullable(z.string()),
  reason: z.string(),
});

/** The result of an action: the reports it resolved and the log entries it wrote. */
export const ModerationResultSchema = z.object({
  resolvedReports: z.array(z.string()),
  log: z.array(ModerationLogEntrySchema),
});
export type ModerationResult = z.output<typeof ModerationResultSchema>;
