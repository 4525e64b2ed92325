/**
 * Serves a built site in this process, which already owns the database (embedded PGlite
 * is single-process). The Astro node adapter's handler is loaded with autostart disabled
 * and mounted on our own HTTP server, which adds two things the static output cannot do:
 * - swap(): switch atomically to a freshly rebuilt output, with no restart;
 * - compression (brotli or gzip) of text responses, which a CDN does on Vercel;
 * - the product gate: /product/{id} is served from the prebuilt file only while the product
 *   is published; an unpublished one is sent to /product/{id}/unpublished, which the
 *   on-demand route src/pages/product/[...slug].astro answers with 'Product not found'.
 *   (A product published since the build has no prebuilt file: Astro routes it to that
 *   same on-demand page, which renders it from the database.)
 */
import fs from 'node:fs';
import compression from 'compression';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Db } from '../../db/database';
import { isProductPublished } from '../../functions/catalogue/product-page.service';

type NodeHandler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export async function loadHandler(outDir: string): Promise<NodeHandler> {
  process.env['ASTRO_NODE_AUTOSTART'] = 'disabled';
  const entry = pathToFileURL(path.join(outDir, 'server', 'entry.mjs')).href;
  const mod = (await import(entry)) as { handler: NodeHandler };
  return mod.handler;
}

const PRODUCT_PATH = /^\/product\/([^/?#]+)\/?(\?.*)?$/;

export class SiteServer {
  private current: { outDir: string; handler: NodeHandler } | undefined;
  readonly server: http.Server;

  constructor(private readonly db: Db) {
    const compress = compression({ threshold: 1024 });
    this.server = http.createServer((req, res) => {
      compress(req as never, res as never, () => {
        this.route(req, res).catch((error: unknown) => {
          console.error('[serve] request failed:', error);
          if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
          res.end('Internal server error');
        });
      });
    });
  }

  get outDir(): string | undefined {
    return this.current?.outDir;
  }

  /** Switch to another build output; requests already running finish on the old one. */
  async swap(outDir: string): Promise<void> {
    const handler = await loadHandler(outDir);
    this.current = { outDir, handler };
  }

  listen(port: number, host: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => resolve());
    });
  }

  private async route(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const current = this.current;
    if (!current) throw new Error('no build loaded');
    const match = req.method === 'GET' || req.method === 'HEAD' ? PRODUCT_PATH.exec(req.url ?? '') : null;
    if (match) {
      const id = decodeURIComponent(match[1] ?? '');
      const prebuilt = fs.existsSync(path.join(current.outDir, 'client', 'product', id, 'index.html'));
      if (prebuilt && !(await isProductPublished(this.db, id))) {
        req.url = `/product/${encodeURIComponent(id)}/unpublished${match[2] ?? ''}`;
      }
    }
    current.handler(req, res);
  }
}
