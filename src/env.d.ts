/// <reference types="astro/client" />

declare namespace App {
  /** Filled by src/middleware.ts for every on-demand request (prebuilt pages have no session). */
  interface Locals {
    /** The signed-in user, or null. */
    user: import('./shared/session').SessionUser | null;
    /** The id of the session row, or null (also for a request made with an API key). */
    sessionId: string | null;
    /** The API key a request was made with (Authorization: Bearer), or null for a cookie session or a visitor. */
    apiKey: { id: string; scopes: import('./shared/domain').ApiKeyScope[] } | null;
    /**
     * A page whose HTML is shared by every visitor (a catalogue page: stored by the embedded
     * server, cached by Vercel's CDN): it is rendered without the session, as a prebuilt page is.
     */
    sharedPage: boolean;
  }
}

declare namespace Astro {
  interface ClientDirectives {
    /** Hydrate at once for a signed-in reader, for a visitor on touch or when reached (src/directives/session.ts). */
    'client:session'?: boolean;
  }
}
