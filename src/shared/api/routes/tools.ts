/**
 * The AI tools directory (issue 17, docs/decisions/038): 'List Your Tools' (a submission, and
 * editing it), the administrators' queue, 'Claim Your Tool' (by email to the official domain or
 * by a well-known file), revoking a claim, and co-maintainer invitations. Account routes: no
 * API key reaches them (no `scope`), only a session.
 */
import * as z from 'zod/mini';
import { defineRoute, json, page, pageQuery, uuid } from '../contract';
import { strictObject } from '../schemas/fields';
import {
  ToolClaimInputSchema,
  ToolClaimReviewInputSchema,
  ToolClaimSchema,
  ToolClaimVerifyInputSchema,
  ToolInputSchema,
  ToolInviteAcceptInputSchema,
  ToolInviteInputSchema,
  ToolInviteSchema,
  ToolMaintainerSchema,
  ToolQueueItemSchema,
  ToolRecordSchema,
  ToolReviewInputSchema,
  ToolRevokeInputSchema,
} from '../schemas/tools';
import { toolId } from './updates';

const toolParams = z.strictObject({ toolId: toolId() });
const claimParams = z.strictObject({ claimId: uuid() });
const EXAMPLE_CLAIM = '6f1c2b9e-4d3a-4e8f-9b1c-2a3d4e5f6a7b';

const EXAMPLE_TOOL = {
  name: 'Perplexity',
  officialSite: 'https://www.perplexity.ai',
  category: 'AI Assistant',
  description: 'An answer engine that searches the web and cites its sources.',
  longDescription:
    'Perplexity answers questions with a short written answer and numbered citations, searching the web in real time. Pro Search asks follow-up questions and compares sources.',
  pricing: 'Free; Pro $20/month',
  platforms: ['Web', 'iOS', 'Android'],
  documentationUrl: 'https://docs.perplexity.ai',
  changelogSources: ['https://docs.perplexity.ai/changelog.rss'],
} as const;

export const submitTool = defineRoute({
  method: 'POST',
  path: '/api/tools',
  operationId: 'submitTool',
  tag: 'AI tools',
  summary: 'List Your Tools: submit an AI tool to the directory (it waits for an administrator)',
  description:
    'Required: `name`, `officialSite` (http or https, a real host name), `category`, `description` (one line) and `longDescription`. ' +
    'The logo is uploaded first (POST /api/uploads/images) and given as `logoUrl`. `changelogSources` (up to 5 feed URLs) are kept with the submission for the feeds job. ' +
    'A tool with the same official site host or the same name (ignoring case) already listed or waiting: 409 DUPLICATE_TOOL naming the field.',
  auth: 'verified',
  body: json(ToolInputSchema),
  status: 201,
  response: json(ToolRecordSchema),
  errors: ['DUPLICATE_TOOL'],
  example: { body: EXAMPLE_TOOL },
});

export const getTool = defineRoute({
  method: 'GET',
  path: '/api/tools/{toolId}',
  operationId: 'getToolRecord',
  tag: 'AI tools',
  summary: 'A tool as its submitter, maintainers and administrators see it (any status)',
  auth: 'user',
  params: toolParams,
  response: json(ToolRecordSchema),
  errors: ['TOOL_NOT_FOUND'],
  example: { params: { toolId: 'n8n' } },
});

export const updateTool = defineRoute({
  method: 'PUT',
  path: '/api/tools/{toolId}',
  operationId: 'updateTool',
  tag: 'AI tools',
  summary: 'Edit a tool: its maintainers edit its page; its submitter edits a submission (it waits again)',
  description: 'Replaces every field. An approved tool: its maintainers (owner, co-maintainers) and administrators; its pages are rendered again.',
  auth: 'verified',
  params: toolParams,
  body: json(ToolInputSchema),
  response: json(ToolRecordSchema),
  errors: ['TOOL_NOT_FOUND', 'NOT_TOOL_EDITOR', 'DUPLICATE_TOOL'],
  example: {
    params: { toolId: 'n8n' },
    body: {
      name: 'n8n',
      officialSite: 'https://n8n.io',
      category: 'Automation',
      description: 'Fair-code workflow automation with a visual editor and code.',
      longDescription: 'n8n connects 400+ apps on a visual canvas, with JavaScript and Python nodes whenever a node is not enough, and AI agent nodes.',
      documentationUrl: 'https://docs.n8n.io',
      githubUrl: 'https://github.com/n8n-io/n8n',
    },
  },
});

export const listToolQueue = defineRoute({
  method: 'GET',
  path: '/api/admin/tools',
  operationId: 'listToolQueue',
  tag: 'Admin',
  summary: 'Tool submissions waiting for review, oldest first (administrators only)',
  auth: 'user',
  query: strictObject({ ...pageQuery() }),
  response: json(page(ToolQueueItemSchema)),
  errors: ['FORBIDDEN'],
  example: { query: { limit: '50' } },
});

export const reviewTool = defineRoute({
  method: 'POST',
  path: '/api/admin/tools/{toolId}/review',
  operationId: 'reviewTool',
  tag: 'Admin',
  summary: 'Approve a tool submission, ask for changes, or reject it (administrators only)',
  description: '`message` is required to ask for changes or to reject; the submitter is emailed either way. A tool no longer waiting: 409 TOOL_NOT_PENDING.',
  auth: 'user',
  params: toolParams,
  body: json(ToolReviewInputSchema),
  response: json(ToolRecordSchema),
  errors: ['FORBIDDEN', 'TOOL_NOT_FOUND', 'TOOL_NOT_PENDING'],
  example: { params: { toolId: 'perplexity' }, body: { decision: 'request_changes', message: 'Link the documentation, please.' } },
});

export const revokeToolClaim = defineRoute({
  method: 'POST',
  path: '/api/admin/tools/{toolId}/revoke',
  operationId: 'revokeToolClaim',
  tag: 'Admin',
  summary: "Revoke a tool's claim: its owner and co-maintainers lose it (administrators only)",
  auth: 'user',
  params: toolParams,
  body: json(ToolRevokeInputSchema),
  response: json(z.object({ toolId: z.string(), revoked: z.boolean() })),
  errors: ['FORBIDDEN', 'TOOL_NOT_FOUND', 'TOOL_NOT_CLAIMED'],
  example: { params: { toolId: 'n8n' }, body: { reason: 'The domain changed hands.' } },
});

export const startToolClaim = defineRoute({
  method: 'POST',
  path: '/api/tools/{toolId}/claims',
  operationId: 'startToolClaim',
  tag: 'AI tools',
  summary: "Claim Your Tool: start proving control of the tool's official domain",
  description:
    '`method: "email"` with `email`, an address at the official domain (or a subdomain): a one-time link is emailed there. ' +
    '`method: "well_known"`: the answer\'s `challenge` is to be published, alone on a line, at `wellKnownUrl`; then call verify.',
  auth: 'verified',
  params: toolParams,
  body: json(ToolClaimInputSchema),
  status: 201,
  response: json(ToolClaimSchema),
  errors: ['TOOL_NOT_FOUND', 'ALREADY_MAINTAINER'],
  example: { params: { toolId: 'make' }, body: { method: 'well_known', organisation: 'Make' } },
});

export const verifyToolClaim = defineRoute({
  method: 'POST',
  path: '/api/tool-claims/{claimId}/verify',
  operationId: 'verifyToolClaim',
  tag: 'AI tools',
  summary: "Complete a claim: the email link's token, or the well-known file fetched now",
  description:
    'The claimant only. A tool without an owner account: the claimant becomes its verified owner. A tool that has one: the claim waits for an administrator (`status: "in_review"`). A wrong token, or a file that does not hold the challenge: 409 CLAIM_CHECK_FAILED.',
  auth: 'verified',
  params: claimParams,
  body: json(ToolClaimVerifyInputSchema),
  response: json(ToolClaimSchema),
  errors: ['CLAIM_NOT_FOUND', 'CLAIM_NOT_PENDING', 'CLAIM_CHECK_FAILED', 'TOOL_NOT_FOUND'],
  example: { params: { claimId: EXAMPLE_CLAIM }, body: { token: 'k2H0yX4b8m1c9d7e6f5g4h3j2k1l0m9n' } },
});

export const listToolClaimQueue = defineRoute({
  method: 'GET',
  path: '/api/admin/tool-claims',
  operationId: 'listToolClaimQueue',
  tag: 'Admin',
  summary: 'Proven claims of tools that already have an owner, waiting for a decision (administrators only)',
  auth: 'user',
  response: json(z.object({ items: z.array(ToolClaimSchema) })),
  errors: ['FORBIDDEN'],
});

export const reviewToolClaim = defineRoute({
  method: 'POST',
  path: '/api/admin/tool-claims/{claimId}/review',
  operationId: 'reviewToolClaim',
  tag: 'Admin',
  summary: 'Approve a claim (the claimant becomes owner) or reject it (administrators only)',
  auth: 'user',
  params: claimParams,
  body: json(ToolClaimReviewInputSchema),
  response: json(ToolClaimSchema),
  errors: ['FORBIDDEN', 'CLAIM_NOT_FOUND', 'CLAIM_NOT_IN_REVIEW'],
  example: { params: { claimId: EXAMPLE_CLAIM }, body: { decision: 'reject', message: 'The domain proof came from a parked page.' } },
});

export const inviteToolMaintainer = defineRoute({
  method: 'POST',
  path: '/api/tools/{toolId}/maintainers',
  operationId: 'inviteToolMaintainer',
  tag: 'AI tools',
  summary: 'Invite a co-maintainer by handle or email (maintainers only)',
  auth: 'verified',
  params: toolParams,
  body: json(ToolInviteInputSchema),
  status: 201,
  response: json(ToolInviteSchema),
  errors: ['TOOL_NOT_FOUND', 'NOT_TOOL_EDITOR'],
  example: { params: { toolId: 'n8n' }, body: { invitee: 'someone@n8n.io' } },
});

export const acceptToolInvite = defineRoute({
  method: 'POST',
  path: '/api/tool-invites/accept',
  operationId: 'acceptToolInvite',
  tag: 'AI tools',
  summary: 'Accept a co-maintainer invitation (its token, from the email)',
  auth: 'verified',
  body: json(ToolInviteAcceptInputSchema),
  response: json(ToolMaintainerSchema),
  errors: ['INVITE_NOT_FOUND'],
  example: { body: { token: 'k2H0yX4b8m1c9d7e6f5g4h3j2k1l0m9n' } },
});

export const toolRoutes = [
  submitTool,
  getTool,
  updateTool,
  listToolQueue,
  reviewTool,
  revokeToolClaim,
  startToolClaim,
  verifyToolClaim,
  listToolClaimQueue,
  reviewToolClaim,
  inviteToolMaintainer,
  acceptToolInvite,
] as const;
