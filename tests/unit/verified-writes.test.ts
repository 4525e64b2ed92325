/**
 * Writes others see need a verified email (issue 29, docs/decisions/052): every write route open
 * to signed-in users declares `auth: 'verified'`, unless src/shared/api/routes/open-to-unverified.ts
 * says why not. The list is API_ROUTES, so a new write route declared `auth: 'user'` fails here
 * until it is made `verified` or given a reason.
 */
import { describe, expect, it } from 'vitest';
import type { RouteSpec } from '@/src/shared/api/contract';
import { API_ROUTES } from '@/src/shared/api/routes';
import { ADMIN_PATH_PREFIX, OPEN_TO_UNVERIFIED } from '@/src/shared/api/routes/open-to-unverified';

const routes = API_ROUTES as readonly RouteSpec[];
const writes = routes.filter((route) => route.method !== 'GET');

describe('write routes and verified emails', () => {
  it('every write open to signed-in users needs a verified email, or has a reason not to', () => {
    const unexplained = writes
      .filter((route) => route.auth === 'user' && !route.path.startsWith(ADMIN_PATH_PREFIX) && !(route.operationId in OPEN_TO_UNVERIFIED))
      .map((route) => `${route.method} ${route.path} (${route.operationId})`);
    expect(unexplained).toEqual([]);
  });

  it('every exception names a write route that is open to unverified accounts, with a reason', () => {
    const byId = new Map(routes.map((route) => [route.operationId, route]));
    const stale = Object.entries(OPEN_TO_UNVERIFIED)
      .filter(([id, reason]) => {
        const route = byId.get(id);
        return !route || route.method === 'GET' || route.auth !== 'user' || reason.trim().length < 20;
      })
      .map(([id]) => id);
    expect(stale).toEqual([]);
  });

  it('keeps the community and directory writes and API-key creation verified (issue 29)', () => {
    const mustBeVerified = [
      'createCommunityThread',
      'editCommunityThread',
      'createCommunityReply',
      'editCommunityReply',
      'voteCommunityThread',
      'voteCommunityReply',
      'acceptCommunityAnswer',
      'clearCommunityAnswer',
      'askProductQuestion',
      'reportContent',
      'submitTool',
      'updateTool',
      'startToolClaim',
      'verifyToolClaim',
      'createApiKey',
    ];
    const auth = Object.fromEntries(routes.filter((r) => mustBeVerified.includes(r.operationId)).map((r) => [r.operationId, r.auth]));
    expect(auth).toEqual(Object.fromEntries(mustBeVerified.map((id) => [id, 'verified'])));
  });
});
