/**
 * The thread page's resolvers as its island uses them: each fetches resolvers.ts (zod and the
 * schemas) on first use, so the island draws its buttons without them (docs/decisions/033).
 */
import { lazyResolver } from '../ui/lazy-resolver';
import type { EditValues, ReplyValues } from './resolvers';

const load = () => import('./resolvers');

export const replyValidation = lazyResolver<ReplyValues>(() => load().then((m) => m.replyResolver));
export const editValidation = lazyResolver<EditValues>(() => load().then((m) => m.editResolver));
