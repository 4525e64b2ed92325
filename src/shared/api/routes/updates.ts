/**
 * Following tools and people, tool updates, and the signed-in user's notifications. Account
 * routes: no API key reaches them (no `scope`), only a session.
 */
import * as z from 'zod/mini';
import { defineRoute, json, page, pageQuery, uuid } from '../contract';
import { TOOL_ID_PATTERN } from '../../ids';
import { NOTIFICATIONS_PAGE_SIZE, UPDATES_PAGE_SIZE } from '../../tool-updates';
import {
  FeedItemSchema,
  PersonFollowStateSchema,
  PostedUpdateSchema,
  ToolFollowsOverviewSchema,
  ToolFollowStateSchema,
  ToolUpdateInputSchema,
  ToolUpdateSchema,
  UnreadCountSchema,
} from '../schemas/updates';
import { userId } from './profile';

/** A tool id (a slug of the AI tool directory) in a path or query. */
export const toolId = () => z.string().check(z.regex(TOOL_ID_PATTERN, 'Not a valid tool id'));

const toolParams = z.strictObject({ toolId: toolId() });
const personParams = z.strictObject({ userId: userId() });

export const getToolFollows = defineRoute({
  method: 'GET',
  path: '/api/follows/tools',
  operationId: 'getToolFollows',
  tag: 'Follows',
  summary: "Every tool's follower count, and the tools the caller follows",
  description: '`counts` maps each tool of the directory to its followers; `following` is empty for a visitor.',
  auth: 'public',
  response: json(ToolFollowsOverviewSchema),
});

export const followTool = defineRoute({
  method: 'PUT',
  path: '/api/follows/tools/{toolId}',
  operationId: 'followTool',
  tag: 'Follows',
  summary: 'Follow a tool and get its updates as notifications (idempotent)',
  auth: 'user',
  params: toolParams,
  response: json(ToolFollowStateSchema),
  errors: ['TOOL_NOT_FOUND'],
  example: { params: { toolId: 'n8n' } },
});

export const unfollowTool = defineRoute({
  method: 'DELETE',
  path: '/api/follows/tools/{toolId}',
  operationId: 'unfollowTool',
  tag: 'Follows',
  summary: 'Stop following a tool (idempotent)',
  auth: 'user',
  params: toolParams,
  response: json(ToolFollowStateSchema),
  errors: ['TOOL_NOT_FOUND'],
  example: { params: { toolId: 'n8n' } },
});

export const followPerson = defineRoute({
  method: 'PUT',
  path: '/api/follows/users/{userId}',
  operationId: 'followPerson',
  tag: 'Follows',
  summary: 'Follow a person (idempotent); never oneself',
  auth: 'user',
  params: personParams,
  response: json(PersonFollowStateSchema),
  errors: ['PROFILE_NOT_FOUND', 'CANNOT_FOLLOW_SELF'],
  example: { params: { userId: 'demo-maya-chen' } },
});

export const unfollowPerson = defineRoute({
  method: 'DELETE',
  path: '/api/follows/users/{userId}',
  operationId: 'unfollowPerson',
  tag: 'Follows',
  summary: 'Stop following a person (idempotent)',
  auth: 'user',
  params: personParams,
  response: json(PersonFollowStateSchema),
  errors: ['PROFILE_NOT_FOUND', 'CANNOT_FOLLOW_SELF'],
  example: { params: { userId: 'demo-maya-chen' } },
});

export const listToolUpdates = defineRoute({
  method: 'GET',
  path: '/api/tools/{toolId}/updates',
  operationId: 'listToolUpdates',
  tag: 'Tool updates',
  summary: "A tool's updates, newest first",
  description: `\`canPost\`: the caller may post updates of this tool (its maintainer, or an administrator). \`limit\` 1 to 100 (default ${UPDATES_PAGE_SIZE}).`,
  auth: 'public',
  params: toolParams,
  query: z.strictObject(pageQuery(UPDATES_PAGE_SIZE)),
  response: json(z.extend(page(ToolUpdateSchema), { canPost: z.boolean() })),
  errors: ['TOOL_NOT_FOUND'],
  example: { params: { toolId: 'n8n' }, query: { limit: '10' } },
});

export const postToolUpdate = defineRoute({
  method: 'POST',
  path: '/api/tools/{toolId}/updates',
  operationId: 'postToolUpdate',
  tag: 'Tool updates',
  summary: 'Post an update of a tool one maintains',
  description:
    "For the maintainer of the claimed tool or an administrator, with a verified email. Records the update and answers; a background job then notifies the tool's followers and, for a security update, everyone who downloaded a product built on it (`notifying.jobId`).",
  auth: 'verified',
  params: toolParams,
  body: json(ToolUpdateInputSchema),
  status: 201,
  response: json(PostedUpdateSchema),
  errors: ['TOOL_NOT_FOUND', 'NOT_TOOL_MAINTAINER', 'EMAIL_NOT_VERIFIED'],
  example: {
    params: { toolId: 'n8n' },
    body: {
      title: 'Queue mode for workers',
      content: 'Workers now pick up executions from a queue, so long workflows no longer block the editor.',
      updateType: 'feature',
      version: '1.80',
    },
  },
});

export const listNotifications = defineRoute({
  method: 'GET',
  path: '/api/notifications',
  operationId: 'listNotifications',
  tag: 'Notifications',
  summary: "The caller's notifications, newest first",
  description:
    `Updates of the tools the caller follows (and security notices about products they downloaded), a creator's sale and refund notices, and what happened to the tools the caller submitted, claimed or maintains (\`tool_notice\`); \`tool\` keeps one tool's updates. ` +
    `With the unread count. \`limit\` 1 to 100 (default ${NOTIFICATIONS_PAGE_SIZE}).`,
  auth: 'user',
  query: z.strictObject({ ...pageQuery(NOTIFICATIONS_PAGE_SIZE), tool: z.optional(toolId()) }),
  response: json(z.extend(page(FeedItemSchema), { unreadCount: z.number() })),
  example: { query: { tool: 'n8n', limit: '20' } },
});

export const getUnreadCount = defineRoute({
  method: 'GET',
  path: '/api/notifications/unread-count',
  operationId: 'getUnreadNotificationCount',
  tag: 'Notifications',
  summary: "How many of the caller's notifications are unread",
  auth: 'user',
  response: json(z.object({ count: z.number() })),
});

export const markNotificationRead = defineRoute({
  method: 'POST',
  path: '/api/notifications/{id}/read',
  operationId: 'markNotificationRead',
  tag: 'Notifications',
  summary: "Mark one of the caller's notifications read",
  description: "Another user's notification answers 404, as a missing one does.",
  auth: 'user',
  params: z.strictObject({ id: uuid() }),
  response: json(UnreadCountSchema),
  errors: ['NOTIFICATION_NOT_FOUND'],
  example: { params: { id: '0b6f5c1e-8d2a-4c39-9a57-2f1e3d4c5b6a' } },
});

export const markAllNotificationsRead = defineRoute({
  method: 'POST',
  path: '/api/notifications/read-all',
  operationId: 'markAllNotificationsRead',
  tag: 'Notifications',
  summary: 'Mark every unread notification of the caller read',
  auth: 'user',
  response: json(z.object({ marked: z.number(), unreadCount: z.number() })),
});

export const updateRoutes = [
  getToolFollows,
  followTool,
  unfollowTool,
  followPerson,
  unfollowPerson,
  listToolUpdates,
  postToolUpdate,
  listNotifications,
  getUnreadCount,
  markNotificationRead,
  markAllNotificationsRead,
] as const;
