/**
 * The AI tools directory's requests and answers (issue 17, docs/decisions/038): a submission
 * ('List Your Tools') and a maintainer's edit share ToolInputSchema; claims, their check, the
 * administrators' decisions and co-maintainer invitations. zod/mini (docs/decisions/022).
 */
import * as z from 'zod/mini';
import { AI_TOOL_CATEGORIES, TOOL_CLAIM_METHODS, TOOL_CLAIM_STATUSES, TOOL_STATUSES } from '../../domain';
import { publicUrlProblem } from '../../tools';
import { maxLength, optionalText, strictObject, userText } from './fields';

const TOOL_NAME_MAX = 60;
const TOOL_DESCRIPTION_MAX = 200;
const TOOL_LONG_DESCRIPTION_MIN = 50;
const TOOL_LONG_DESCRIPTION_MAX = 3000;
const TOOL_PRICING_MAX = 300;
const TOOL_PLATFORMS_MAX = 10;
const TOOL_SOURCES_MAX = 5;
const TOOL_NOTE_MAX = 1000;

const between = (label: string, min: number, max: number) => (value: string) =>
  value.length < min ? `${label} must be at least ${min} characters` : value.length > max ? `${label} must be at most ${max} characters` : null;

/** A URL a tool page links to: http(s) with a real public host (src/shared/tools.ts). */
const publicUrl = (label: string) =>
  userText((value) => (value.length > 500 ? `${label} must be at most 500 characters` : publicUrlProblem(value)), { required: `${label} is required` });
const optionalPublicUrl = (label: string) =>
  optionalText((value) => (value.length > 500 ? `${label} must be at most 500 characters` : publicUrlProblem(value)));

/** An uploaded logo: the answer of POST /api/uploads/images (a /blobs/ path, or a Vercel Blob URL). */
const logoUrl = z.optional(
  z.nullable(
    userText((value) => (value.length > 1000 ? 'Invalid logo' : /^\/blobs\//.test(value) || /^https:\/\//.test(value) ? null : 'Upload the logo as an image')),
  ),
);

/** A submission ('List Your Tools') and a maintainer's edit of a tool page. */
export const ToolInputSchema = strictObject({
  name: userText(between('Name', 2, TOOL_NAME_MAX), { required: 'Name is required' }),
  officialSite: publicUrl('Official site'),
  category: z.enum(AI_TOOL_CATEGORIES, { error: `Choose a category: ${AI_TOOL_CATEGORIES.join(', ')}` }),
  description: userText(between('One-line description', 10, TOOL_DESCRIPTION_MAX), { required: 'One-line description is required' }),
  longDescription: userText(between('Description', TOOL_LONG_DESCRIPTION_MIN, TOOL_LONG_DESCRIPTION_MAX), { required: 'Description is required' }),
  logoUrl,
  pricing: z._default(userText(maxLength(TOOL_PRICING_MAX, `Pricing must be at most ${TOOL_PRICING_MAX} characters`)), ''),
  platforms: z._default(
    z.array(userText(between('A platform', 1, 30))).check(z.maxLength(TOOL_PLATFORMS_MAX, `Name at most ${TOOL_PLATFORMS_MAX} platforms`)),
    [],
  ),
  documentationUrl: optionalPublicUrl('Documentation'),
  githubUrl: optionalPublicUrl('GitHub'),
  changelogSources: z._default(
    z
      .array(userText((value) => (value.length > 500 ? 'A changelog URL must be at most 500 characters' : publicUrlProblem(value))))
      .check(z.maxLength(TOOL_SOURCES_MAX, `Give at most ${TOOL_SOURCES_MAX} changelog sources`)),
    [],
  ),
});
export type ToolInput = z.output<typeof ToolInputSchema>;

/** A tool as its submitter, maintainers and administrators see it (any status). */
export const ToolRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(TOOL_STATUSES),
  category: z.enum(AI_TOOL_CATEGORIES),
  officialSite: z.string(),
  description: z.string(),
  longDescription: z.string(),
  logoUrl: z.nullable(z.string()),
  pricing: z.string(),
  platforms: z.array(z.string()),
  documentationUrl: z.nullable(z.string()),
  githubUrl: z.nullable(z.string()),
  changelogSources: z.array(z.string()),
  reviewNote: z.nullable(z.string()),
  submittedAt: z.nullable(z.string()),
  verified: z.boolean(),
  maintainerName: z.nullable(z.string()),
  /** Where its page is once approved. */
  pageUrl: z.string(),
});
export type ToolRecord = z.output<typeof ToolRecordSchema>;

/** An administrator's decision on a submission. */
export const ToolReviewInputSchema = strictObject({
  decision: z.enum(['approve', 'request_changes', 'reject'], { error: 'Choose approve, request_changes or reject' }),
  message: optionalText(maxLength(TOOL_NOTE_MAX, `The message must be at most ${TOOL_NOTE_MAX} characters`)),
});

export const ToolQueueItemSchema = z.object({
  ...ToolRecordSchema.def.shape,
  submitterName: z.nullable(z.string()),
  submitterEmail: z.nullable(z.string()),
});
export type ToolQueueItem = z.output<typeof ToolQueueItemSchema>;

// --- Claims ---------------------------------------------------------------------------------

export const ToolClaimInputSchema = strictObject({
  method: z.enum(TOOL_CLAIM_METHODS, { error: 'Choose email or well_known' }),
  /** Method 'email': an address at the tool's official domain. */
  email: optionalText((value) => (value.length > 254 ? 'The address is too long' : /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) ? null : 'Enter an email address')),
  /** 'Maintained by' this name (else the claimant's display name). */
  organisation: optionalText(maxLength(100, 'The organisation must be at most 100 characters')),
});
export type ToolClaimInput = z.output<typeof ToolClaimInputSchema>;

export const ToolClaimSchema = z.object({
  id: z.string(),
  toolId: z.string(),
  toolName: z.string(),
  method: z.enum(TOOL_CLAIM_METHODS),
  status: z.enum(TOOL_CLAIM_STATUSES),
  email: z.nullable(z.string()),
  organisation: z.nullable(z.string()),
  /** Method 'well_known': publish this text at wellKnownUrl, then ask for the check. */
  challenge: z.nullable(z.string()),
  wellKnownUrl: z.nullable(z.string()),
  claimantName: z.nullable(z.string()),
  createdAt: z.string(),
  note: z.nullable(z.string()),
});
export type ToolClaim = z.output<typeof ToolClaimSchema>;

/** Method 'email': the token of the link; method 'well_known': nothing (the file is fetched). */
export const ToolClaimVerifyInputSchema = strictObject({
  token: z.optional(userText(maxLength(200, 'Invalid token'))),
});

export const ToolClaimReviewInputSchema = strictObject({
  decision: z.enum(['approve', 'reject'], { error: 'Choose approve or reject' }),
  message: optionalText(maxLength(TOOL_NOTE_MAX, `The message must be at most ${TOOL_NOTE_MAX} characters`)),
});

export const ToolRevokeInputSchema = strictObject({
  reason: userText((value) => (!value ? 'Say why' : maxLength(TOOL_NOTE_MAX, `The reason must be at most ${TOOL_NOTE_MAX} characters`)(value)), {
    required: 'Say why',
  }),
});

// --- Co-maintainers -------------------------------------------------------------------------

export const ToolInviteInputSchema = strictObject({
  /** A handle ('@maya' or 'maya') or an email address. */
  invitee: userText((value) => (!value ? 'Enter a handle or an email address' : value.length > 254 ? 'Too long' : null), {
    required: 'Enter a handle or an email address',
  }),
});

export const ToolInviteSchema = z.object({ id: z.string(), toolId: z.string(), sentTo: z.string(), expiresAt: z.string() });

export const ToolInviteAcceptInputSchema = strictObject({ token: userText(maxLength(200, 'Invalid token'), { required: 'The invitation token is required' }) });

export const ToolMaintainerSchema = z.object({ toolId: z.string(), userId: z.string(), role: z.enum(['owner', 'co_maintainer']) });
