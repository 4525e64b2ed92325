/**
 * The smallest node server that answers like a static file server with precompressed files
 * (nginx's gzip_static/brotli_static): the .br or .gz beside the file when the client accepts
 * it, the same security headers and per-page policy as the app, no database, no routing, no
 * ETag work, nothing kept per path. `npm run bench:serve` measures it beside nginx in every
 * run, as the floor of what a server on node:http costs (and as the baseline when nginx is not
 * installed): per request a stat of the path and of the variant, and the file read
 * asynchronously as the app reads a cold page (one open, one read on libuv's thread pool, the
 * close at once). Run as its own process: `node --import tsx scripts/lib/baseline-static-server.ts
 * <client folder> <port> [page-csp.json]`.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { NON_PAGE_CSP, securityHeaders } from '@/functions/_shared/security-headers';
import { contentTypeOf } from './static-serve';

const [clientDir = '', port = '0', cspFile] = process.argv.slice(2);
const root = path.resolve(clientDir);
const pageCsp = cspFile && fs.existsSync(cspFile) ? (JSON.parse(fs.readFileSync(cspFile, 'utf8')) as Record<string, string>) : {};

function fileFor(urlPath: string): string | undefined {
  const target = path.resolve(root, `.${decodeURIComponent(urlPath)}`);
  if (!target.startsWith(root)) return undefined;
  for (const candidate of [target, path.join(target, 'index.html')]) {
    if (fs.statSync(candidate, { throwIfNoEntry: false })?.isFile()) return candidate;
  }
  return undefined;
}

http
  .createServer((req, res) => {
    const urlPath = (req.url ?? '/').split('?')[0] ?? '/';
    const file = fileFor(urlPath);
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    const accept = String(req.headers['accept-encoding'] ?? '');
    const variant = (suffix: string) => fs.statSync(`${file}${suffix}`, { throwIfNoEntry: false });
    let encoding: 'br' | 'gzip' | undefined;
    let stats = accept.includes('br') ? variant('.br') : undefined;
    if (stats) encoding = 'br';
    else if (accept.includes('gzip') && (stats = variant('.gz'))) encoding = 'gzip';
    else stats = variant('');
    const sent = encoding ? `${file}${encoding === 'br' ? '.br' : '.gz'}` : file;
    const size = stats!.size;
    fs.open(sent, 'r', (openError, fd) => {
      if (openError) {
        res.writeHead(500).end();
        return;
      }
      const body = Buffer.allocUnsafeSlow(size);
      fs.read(fd, body, 0, size, 0, (readError, bytesRead) => {
        fs.closeSync(fd);
        if (readError) {
          res.writeHead(500).end();
          return;
        }
        const key = urlPath.length > 1 ? urlPath.replace(/\/+$/, '') : urlPath;
        const html = file.endsWith('.html');
        res.writeHead(200, {
          ...securityHeaders(urlPath, { https: false, document: html }),
          'content-security-policy': (html && pageCsp[key]) || NON_PAGE_CSP,
          'content-type': contentTypeOf(file),
          'content-length': bytesRead,
          vary: 'Accept-Encoding',
          ...(encoding ? { 'content-encoding': encoding } : {}),
        });
        res.end(body.subarray(0, bytesRead));
      });
    });
  })
  .listen(Number(port), '127.0.0.1', () => console.log('ready'));
