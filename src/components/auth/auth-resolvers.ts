/**
 * The auth forms' resolvers as the forms use them: each fetches resolvers.ts (zod and the
 * schemas) on first use; `preloadAuthResolvers()` fetches it ahead (docs/decisions/033).
 */
import { lazyResolver } from '../ui/lazy-resolver';

const load = () => import('./resolvers');

export const loginValidation = lazyResolver(() => load().then((m) => m.loginResolver));
export const forgotValidation = lazyResolver(() => load().then((m) => m.forgotResolver));
export const resetValidation = lazyResolver(() => load().then((m) => m.resetResolver));
export const signupValidation = lazyResolver(() => load().then((m) => m.signupResolver));

export function preloadAuthResolvers(): void {
  loginValidation.preload();
}
