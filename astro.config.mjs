// @ts-check
/**
 * One config for both deployments: @astrojs/vercel when VERCEL is set (Vercel's build sets
 * it), @astrojs/node standalone otherwise (the embedded default served by `npm start`).
 * Pages are prebuilt; every route under /api renders on demand (see onDemandApi below).
 */
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';

const isVercel = Boolean(process.env.VERCEL);
const site = process.env.SITE_URL || 'http://localhost:4321';

/**
 * Every file of a package, for the Vercel adapter's excludeFiles (it takes exact paths).
 * @param {string} dir
 * @returns {string[]}
 */
function filesOf(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

async function adapter() {
  if (isVercel) {
    const { default: vercel } = await import('@astrojs/vercel');
    // PGlite (16 MB) is the embedded default only; on Vercel the database is Neon.
    return vercel({ excludeFiles: filesOf('node_modules/@electric-sql/pglite') });
  }
  const { default: node } = await import('@astrojs/node');
  return node({ mode: 'standalone' });
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

export default defineConfig({
  site,
  output: 'static',
  adapter: await adapter(),
  integrations: [react(), onDemandApi],
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
              { name: 'stores', test: /(src[\\/]stores|node_modules[\\/]nanostores)[\\/]/ },
            ],
          },
        },
      },
    },
  },
});
