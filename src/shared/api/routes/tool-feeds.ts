/**
 * Changelog sources of AI tools and re-typing their updates (docs/decisions/039): for the
 * tool's maintainer or an administrator. Account routes: no API key reaches them (no `scope`).
 */
import * as z from 'zod/mini';
import { defineRoute, empty, json, page, uuid } from '../contract';
import { ChangelogSourceInputSchema, ChangelogSourceSchema, FeedFetchOutcomeSchema, UpdateRetypeSchema } from '../../tool-feeds';
import { ToolUpdateSchema } from '../schemas/updates';
import { toolId } from './updates';

const EXAMPLE_SOURCE = '5b0e9a8c-2f4d-4b7e-9c1a-3d6f8e2b4a70';
const toolParams = z.strictObject({ toolId: toolId() });
const sourceParams = z.strictObject({ toolId: toolId(), sourceId: uuid() });
const MANAGER_ERRORS = ['TOOL_NOT_FOUND', 'NOT_TOOL_MAINTAINER_OF_SOURCES'] as const;

export const listChangelogSources = defineRoute({
  method: 'GET',
  path: '/api/tools/{toolId}/changelog-sources',
  operationId: 'listChangelogSources',
  tag: 'Tool updates',
  summary: "A tool's changelog feeds and how their last fetch went",
  description:
    'For the maintainer of the tool or an administrator. A tool has at most 5 sources, so one page holds them all: `nextCursor` is always null. `lastStatus` reads like "Fetched: 2 new updates" or "Last fetch failed: not a feed"; `pausedAt` is set after 5 failed fetches in a row.',
  auth: 'user',
  params: toolParams,
  response: json(page(ChangelogSourceSchema)),
  errors: MANAGER_ERRORS,
  example: { params: { toolId: 'n8n' } },
});

export const addChangelogSource = defineRoute({
  method: 'POST',
  path: '/api/tools/{toolId}/changelog-sources',
  operationId: 'addChangelogSource',
  tag: 'Tool updates',
  summary: 'Add an RSS, Atom or JSON Feed changelog to a tool; its new entries become updates',
  description:
    'The URL must be https and resolve to public addresses only (private, loopback, link-local and metadata addresses are refused, again at every fetch and redirect). The feed is fetched within the hour (or at once with `fetch`): each new entry is posted as an update of the tool, typed from its words (security, bug fix, feature, else announcement) with the version its title carries. On the first fetch only the 3 newest entries are posted.',
  auth: 'verified',
  params: toolParams,
  body: json(ChangelogSourceInputSchema),
  status: 201,
  response: json(ChangelogSourceSchema),
  errors: [...MANAGER_ERRORS, 'CHANGELOG_SOURCE_EXISTS', 'CHANGELOG_SOURCE_LIMIT_REACHED', 'EMAIL_NOT_VERIFIED'],
  example: { params: { toolId: 'n8n' }, body: { url: 'https://github.com/n8n-io/n8n/releases.atom' } },
});

export const removeChangelogSource = defineRoute({
  method: 'DELETE',
  path: '/api/tools/{toolId}/changelog-sources/{sourceId}',
  operationId: 'removeChangelogSource',
  tag: 'Tool updates',
  summary: 'Stop fetching a changelog source (the updates it posted stay)',
  auth: 'user',
  params: sourceParams,
  response: empty,
  errors: [...MANAGER_ERRORS, 'CHANGELOG_SOURCE_NOT_FOUND'],
  example: { params: { toolId: 'n8n', sourceId: EXAMPLE_SOURCE } },
});

export const resumeChangelogSource = defineRoute({
  method: 'POST',
  path: '/api/tools/{toolId}/changelog-sources/{sourceId}/resume',
  operationId: 'resumeChangelogSource',
  tag: 'Tool updates',
  summary: 'Resume a paused changelog source: it is fetched again at the next run',
  auth: 'verified',
  params: sourceParams,
  response: json(ChangelogSourceSchema),
  errors: [...MANAGER_ERRORS, 'CHANGELOG_SOURCE_NOT_FOUND'],
  example: { params: { toolId: 'n8n', sourceId: EXAMPLE_SOURCE } },
});

export const fetchChangelogSource = defineRoute({
  method: 'POST',
  path: '/api/tools/{toolId}/changelog-sources/{sourceId}/fetch',
  operationId: 'fetchChangelogSource',
  tag: 'Tool updates',
  summary: 'Fetch a changelog source now and post its new entries',
  description: 'Answers what came of it; a paused source that reads well is resumed. 409 FEED_FETCH_RUNNING while a scheduled run is fetching it.',
  auth: 'verified',
  params: sourceParams,
  response: json(z.object({ outcome: FeedFetchOutcomeSchema, source: ChangelogSourceSchema })),
  errors: [...MANAGER_ERRORS, 'CHANGELOG_SOURCE_NOT_FOUND', 'FEED_FETCH_RUNNING'],
  example: { params: { toolId: 'n8n', sourceId: EXAMPLE_SOURCE } },
});

export const retypeToolUpdate = defineRoute({
  method: 'PATCH',
  path: '/api/tools/{toolId}/updates/{updateId}',
  operationId: 'retypeToolUpdate',
  tag: 'Tool updates',
  summary: 'Change the type of one of the tool’s updates',
  description:
    'For the maintainer of the tool or an administrator, e.g. when a changelog entry was typed wrongly. Making it a security update also notifies everyone who downloaded a product built on the tool.',
  auth: 'verified',
  params: z.strictObject({ toolId: toolId(), updateId: uuid() }),
  body: json(UpdateRetypeSchema),
  response: json(ToolUpdateSchema),
  errors: [...MANAGER_ERRORS, 'UPDATE_NOT_FOUND'],
  example: { params: { toolId: 'n8n', updateId: EXAMPLE_SOURCE }, body: { updateType: 'bug_fix' } },
});

export const toolFeedRoutes = [
  listChangelogSources,
  addChangelogSource,
  removeChangelogSource,
  resumeChangelogSource,
  fetchChangelogSource,
  retypeToolUpdate,
] as const;
