/**
 * Serves a built site in this process, which already owns the database (embedded PGlite
 * is single-process). The Astro node adapter's handler is loaded with autostart disabled
 * and mounted on our own HTTP server.
 */
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

type NodeHandler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export async function loadHandler(outDir: string): Promise<NodeHandler> {
  process.env['ASTRO_NODE_AUTOSTART'] = 'disabled';
  const entry = pathToFileURL(path.join(outDir, 'server', 'entry.mjs')).href;
  const mod = (await import(entry)) as { handler: NodeHandler };
  return mod.handler;
}

export async function listen(handler: NodeHandler, port: number, host: string): Promise<http.Server> {
  const server = http.createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
