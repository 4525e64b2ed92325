// @ts-check
/**
 * One config for both deployments: @astrojs/vercel when VERCEL is set (Vercel's build sets
 * it), @astrojs/node otherwise (the embedded default served by `npm start`), in middleware mode:
 * scripts/lib/serve.ts serves the build's files itself, so only Astro's renderer is mounted.
 * Pages are prebuilt; every route under /api renders on demand (see onDemandApi below).
 */
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import { getEnv } from './env/index';
import { PAGE_CSP_DIRECTIVES, STYLE_ATTRIBUTES, isHttpsSite } from './functions/_shared/security-headers';
import { pageHeaders } from './scripts/lib/page-headers';
import { NON_CATALOGUE_ROUTE } from './functions/rebuilds/affected-pages';

const isVercel = Boolean(process.env.VERCEL);
/**
 * SITE_URL: on Vercel the deployment's origin; for the embedded server's build, the placeholder
 * the server fills in with its own origin (functions/_shared/site-origin.ts, set by
 * scripts/lib/astro-build.ts); under `astro dev`, the origin it serves.
 */
const site = getEnv().SITE_URL;

/**
 * Every file of a package, for the Vercel adapter's excludeFiles (it takes exact paths).
 * @param {string} dir
 * @returns {string[]}
 */
function filesOf(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

async function adapter() {
  if (isVercel) {
    const { default: vercel } = await import('@astrojs/vercel');
    // PGlite (16 MB) is the embedded default only; on Vercel the database is Neon.
    // staticHeaders: prebuilt pages' CSP goes to headers, not <meta> (scripts/lib/page-headers.ts).
    // isr: the catalogue pages are cached on the CDN until revalidated on demand: when their
    // content changes (functions/rebuilds/revalidate.ts), and when their figures do, by the
    // figures job the cron route runs (functions/rebuilds/figures.ts); every other route is
    // excluded (docs/decisions/015). No expiration (`false`: kept for the deployment's life):
    // an expired page was rendered again on the first request after it, so a read, not a
    // change, made the work (docs/decisions/073).
    const token = getEnv().ISR_BYPASS_TOKEN;
    if (!token) console.warn('[build] ISR_BYPASS_TOKEN is not set: the catalogue pages will render on every request');
    /** @type {import('@astrojs/vercel').VercelServerlessConfig['isr']} */
    const isr = token ? { bypassToken: token, expiration: false, exclude: [NON_CATALOGUE_ROUTE] } : false;
    // maxDuration 60 s (every plan allows it): GET /api/cron/jobs runs due jobs for 25 s, and a
    // fan-out job in hand hands over to its continuation within 20 s (docs/decisions/040).
    return vercel({ excludeFiles: filesOf('node_modules/@electric-sql/pglite'), staticHeaders: true, isr, maxDuration: 60 });
  }
  const { default: node } = await import('@astrojs/node');
  // 'middleware': the handler is Astro's renderer only. In 'standalone' mode every on-demand
  // request (every API call) first went through the adapter's static handler: an lstat, a
  // stat by `send` and a second Request built to match the route, work our own static path
  // (scripts/lib/serve.ts) had already done.
  return node({ mode: 'middleware', staticHeaders: true });
}

/** API routes always render on demand, so no page has to remember `prerender = false`. */
const onDemandApi = {
  name: 'toolmint:on-demand-api',
  hooks: {
    /** @param {{ route: { component: string, prerender?: boolean } }} options */
    'astro:route:setup': ({ route }) => {
      if (route.component.startsWith('src/pages/api/')) route.prerender = false;
    },
  },
};

/** `client:session` (src/directives/session.ts): islands whose every action needs an account. */
const sessionDirective = {
  name: 'toolmint:client-session',
  hooks: {
    /** @param {{ addClientDirective: (directive: { name: string, entrypoint: string }) => void }} options */
    'astro:config:setup': ({ addClientDirective }) => {
      addClientDirective({ name: 'session', entrypoint: './src/directives/session.ts' });
    },
  },
};

export default defineConfig({
  site,
  output: 'static',
  adapter: await adapter(),
  integrations: [react(), onDemandApi, sessionDirective, pageHeaders({ vercel: isVercel, https: isHttpsSite(site) })],
  // Security headers: docs/decisions/009. Astro hashes the inline scripts and styles of each
  // page into script-src and style-src; the other directives come from the shared module.
  // checkOrigin off: Astro's check refuses every form-like or bodiless write without our
  // Origin, so a script's multipart upload or DELETE with an API key could never pass.
  // src/middleware.ts applies the same-origin rule to every on-demand write made with a
  // cookie (functions/_shared/auth-origin.ts) and exempts only API key requests (docs/decisions/025).
  security: {
    checkOrigin: false,
    csp: {
      directives: [...PAGE_CSP_DIRECTIVES],
      styleDirective: { resources: ["'self'", STYLE_ATTRIBUTES] },
    },
  },
  trailingSlash: 'ignore',
  build: { inlineStylesheets: 'auto', format: 'directory' },
  prefetch: false,
  vite: {
    ssr: { external: ['@electric-sql/pglite', 'sharp'] },
    build: {
      rollupOptions: {
        output: {
          // Fewer, larger browser chunks: every island page loads React whole, and every page
          // the stores, so splitting them into many small files only adds bytes and requests.
          codeSplitting: {
            groups: [
              { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react)[\\/]/ },
              // The stores, not their React bindings (use-*.ts): the framework-free pages load this
              // chunk too, and must not pull React in with it.
              { name: 'stores', test: /(src[\\/]stores[\\/](?!use-)|node_modules[\\/]nanostores[\\/])/ },
            ],
          },
        },
      },
    },
  },
});
