/// <reference types="astro/client" />

declare namespace App {
  /** Filled by src/middleware.ts for every on-demand request (prebuilt pages have no session). */
  interface Locals {
    /** The signed-in user, or null. */
    user: import('./shared/session').SessionUser | null;
    /** The id of the session row, or null. */
    sessionId: string | null;
  }
}
