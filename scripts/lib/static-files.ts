/**
 * The static files of a build output (`<outDir>/client`) and their precompressed variants
 * (`file.br`, `file.gz`), so the server sends bytes from disk instead of compressing each
 * answer (docs/decisions/017). Three callers:
 * - the build, through precompressTree(), once over the whole client folder;
 * - incremental publishing, through compressStaticFile()/writeCompressedFile() and
 *   removeStaticFile(), for the few pages one change touches, while the server is serving the
 *   same folder (scripts/lib/page-store.ts);
 * - the server (scripts/lib/serve.ts), through freshVariant(), to pick what it may send.
 *
 * The invariant the server relies on: a variant is used only when its mtime is not older than
 * the plain file's. Every write is atomic (a temp file in the same folder, then rename), the
 * variants are written before the plain file and then stamped with its mtime, so a reader sees
 * either the old file or the new one, and a variant left from an older version of a file (a
 * rebuild that rewrote the file without precompressing it) is never sent for the new one.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** The variant file suffix of each encoding. */
export const VARIANT_SUFFIX: Readonly<Record<Encoding, string>> = { br: '.br', gzip: '.gz' };

/** Types worth compressing; images, fonts (woff2 is already brotli) and archives are not. */
const COMPRESSIBLE = new Set([
  '.html',
  '.htm',
  '.css',
  '.js',
  '.mjs',
  '.cjs',
  '.json',
  '.map',
  '.xml',
  '.txt',
  '.svg',
  '.webmanifest',
  '.ico',
  '.csv',
  '.md',
  '.wasm',
  '.ttf',
  '.otf',
  '.eot',
]);

/** Below this a compressed answer saves less than a packet; the plain file is sent. */
const MIN_COMPRESS_BYTES = 1024;

/**
 * Brotli quality, measured on this build's pages (a 36 KB product page, the 90 KB marketplace):
 * quality 11 costs about 0.9 ms per KB, 10 about 0.3 ms per KB for 2-3% more bytes, 6 about
 * 0.03 ms per KB for 10% more bytes than 11 (9 is no better than 8 and slower than 10).
 * - One write (the handful of pages a change rewrites in the serving process, compressed on
 *   libuv's thread pool by compressStaticFile, docs/decisions/069): 10, tens of milliseconds
 *   of CPU a page, not hundreds.
 * - The build's pass: 11 for the hashed assets under /_astro/ (a few dozen files whatever the
 *   catalogue size, fetched on every first visit and cached for a year), 6 for everything
 *   else, which grows with the catalogue: about 1 ms of CPU per product page, 30 s at 30k.
 */
const SINGLE_BROTLI_QUALITY = 10;
const ASSET_BROTLI_QUALITY = 11;
export const BULK_BROTLI_QUALITY = 6;
const GZIP_LEVEL = 9;

export function isCompressible(file: string): boolean {
  return COMPRESSIBLE.has(path.extname(file).toLowerCase());
}

function isVariantFile(file: string): boolean {
  return file.endsWith('.br') || file.endsWith('.gz');
}

function brotliOptions(size: number, quality: number): zlib.BrotliOptions {
  return {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    },
  };
}

/** Whether compressVariants() gives `body` variants (it is large enough to gain). */
export function hasVariants(body: Buffer): boolean {
  return body.byteLength >= MIN_COMPRESS_BYTES;
}

/**
 * The .br and .gz variants of `body`, in memory (the prebuilt pages the server fills its origin
 * into when it loads a build, and the 404 pages it keeps: a handful, compressed once). On
 * libuv's thread pool, not the server's thread: a build loaded at start is served at once,
 * plain until its variants are ready (0.3-0.5 s of brotli, docs/decisions/068). None when
 * !hasVariants(body).
 */
export async function compressVariants(body: Buffer): Promise<Partial<Record<Encoding, Buffer>>> {
  if (!hasVariants(body)) return {};
  const [br, gz] = await Promise.all([brotliCompress(body, brotliOptions(body.byteLength, SINGLE_BROTLI_QUALITY)), gzip(body, { level: GZIP_LEVEL })]);
  return { br, gzip: gz };
}

/** Writes `file` atomically: a temp file beside it, renamed over it. */
function writeAtomic(file: string, body: Buffer): void {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    fs.writeFileSync(temp, body);
    fs.renameSync(temp, file);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw error;
  }
}

/**
 * Gives the variants the plain file's mtime, which marks them as belonging to it. The time
 * is set on the plain file too: utimes takes milliseconds, the file system keeps nanoseconds,
 * and a variant must not look a fraction of a millisecond older than its file.
 */
function stampVariants(file: string, variants: string[]): void {
  const { mtime } = fs.statSync(file);
  for (const variant of variants) fs.utimesSync(variant, mtime, mtime);
  fs.utimesSync(file, mtime, mtime);
}

/** Brotli quality and gzip level of a write (the single-write defaults unless given). */
interface CompressionLevels {
  brotliQuality?: number;
  gzipLevel?: number;
}

/** A file's bytes and the variants to write beside it (none: too small or not compressible), ready for writeCompressedFile. */
export interface CompressedFile {
  file: string;
  bytes: Buffer;
  variants: Record<Encoding, Buffer> | null;
}

const needsVariants = (file: string, bytes: Buffer) => isCompressible(file) && bytes.byteLength >= MIN_COMPRESS_BYTES;

/**
 * The variants writeStaticFile would write for `body`, compressed on libuv's thread pool, not
 * on the event loop: a serving process's page writes (scripts/lib/page-store.ts) compress
 * while it goes on answering requests. Nothing is written yet (writeCompressedFile).
 */
export async function compressStaticFile(file: string, body: Buffer | string, options: CompressionLevels = {}): Promise<CompressedFile> {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  if (!needsVariants(file, bytes)) return { file, bytes, variants: null };
  const [br, gz] = await Promise.all([
    brotliCompress(bytes, brotliOptions(bytes.byteLength, options.brotliQuality ?? SINGLE_BROTLI_QUALITY)),
    gzip(bytes, { level: options.gzipLevel ?? GZIP_LEVEL }),
  ]);
  return { file, bytes, variants: { br, gzip: gz } };
}

/**
 * Writes a file and its variants (or removes the variants it had, when it has none now), so an
 * old variant is never served for new content: each atomically, the variants first, then the
 * plain file, then the variants stamped with its mtime. Synchronous: what a reader sees changes
 * in one turn of the event loop.
 */
export function writeCompressedFile({ file, bytes, variants }: CompressedFile): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (!variants) {
    removeVariants(file);
    writeAtomic(file, bytes);
    return;
  }
  const files = [file + VARIANT_SUFFIX.br, file + VARIANT_SUFFIX.gzip];
  writeAtomic(files[0]!, variants.br);
  writeAtomic(files[1]!, variants.gzip);
  writeAtomic(file, bytes);
  stampVariants(file, files);
}

/**
 * Writes a static file and, when it is compressible and large enough, its .br and .gz
 * variants (writeCompressedFile), compressing on this thread. Synchronous: about 0.3 ms of CPU
 * per KB of HTML (brotli at quality 10), 30 ms for the marketplace's first page. A bulk writer
 * passes BULK_BROTLI_QUALITY and a lower gzip level.
 */
export function writeStaticFile(file: string, body: Buffer | string, options: CompressionLevels = {}): void {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const variants = needsVariants(file, bytes)
    ? {
        br: zlib.brotliCompressSync(bytes, brotliOptions(bytes.byteLength, options.brotliQuality ?? SINGLE_BROTLI_QUALITY)),
        gzip: zlib.gzipSync(bytes, { level: options.gzipLevel ?? GZIP_LEVEL }),
      }
    : null;
  writeCompressedFile({ file, bytes, variants });
}

/** Removes a static file and its variants; absent files are not an error. */
export function removeStaticFile(file: string): void {
  fs.rmSync(file, { force: true });
  removeVariants(file);
}

function removeVariants(file: string): void {
  for (const suffix of Object.values(VARIANT_SUFFIX)) fs.rmSync(file + suffix, { force: true });
}

/**
 * The variant of `file` for `encoding` when it exists and is current (not older than the
 * file whose stats are given), else undefined.
 */
export function freshVariant(file: string, encoding: Encoding, plain: Pick<fs.Stats, 'mtimeMs'>): { file: string; stats: fs.Stats } | undefined {
  const variant = file + VARIANT_SUFFIX[encoding];
  return usableVariant(variant, fs.statSync(variant, { throwIfNoEntry: false }), plain);
}

/** freshVariant without blocking: for the server's request path (scripts/lib/static-serve.ts). */
export async function readFreshVariant(
  file: string,
  encoding: Encoding,
  plain: Pick<fs.Stats, 'mtimeMs'>,
): Promise<{ file: string; stats: fs.Stats } | undefined> {
  const variant = file + VARIANT_SUFFIX[encoding];
  return usableVariant(variant, await fs.promises.stat(variant).catch(() => undefined), plain);
}

function usableVariant(variant: string, stats: fs.Stats | undefined, plain: Pick<fs.Stats, 'mtimeMs'>): { file: string; stats: fs.Stats } | undefined {
  if (!stats?.isFile() || stats.mtimeMs < plain.mtimeMs) return undefined;
  return { file: variant, stats };
}

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

function* walkFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walkFiles(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * The build's pass over a whole client folder: every compressible file of at least
 * MIN_COMPRESS_BYTES gets its variants, written as writeStaticFile does but compressed on
 * libuv's thread pool, as many files at a time as there are cores. A file whose
 * variants are already current is skipped, so a second pass over an unchanged output is a
 * walk of stats. Returns what was compressed: files, bytes read and brotli bytes written.
 */
export async function precompressTree(dir: string, options: { concurrency?: number } = {}): Promise<{ files: number; bytesIn: number; bytesOut: number }> {
  const result = { files: 0, bytesIn: 0, bytesOut: 0 };
  const queue: string[] = [];
  for (const file of walkFiles(dir)) {
    if (isVariantFile(file) || !isCompressible(file)) continue;
    const stats = fs.statSync(file);
    if (stats.size < MIN_COMPRESS_BYTES) continue;
    if (freshVariant(file, 'br', stats) && freshVariant(file, 'gzip', stats)) continue;
    queue.push(file);
  }
  const compressOne = async (file: string) => {
    const bytes = fs.readFileSync(file);
    const quality = path.relative(dir, file).startsWith(`_astro${path.sep}`) ? ASSET_BROTLI_QUALITY : BULK_BROTLI_QUALITY;
    const [br, gz] = await Promise.all([brotliCompress(bytes, brotliOptions(bytes.byteLength, quality)), gzip(bytes, { level: GZIP_LEVEL })]);
    const variants = [file + VARIANT_SUFFIX.br, file + VARIANT_SUFFIX.gzip];
    writeAtomic(variants[0]!, br);
    writeAtomic(variants[1]!, gz);
    stampVariants(file, variants);
    result.files += 1;
    result.bytesIn += bytes.byteLength;
    result.bytesOut += br.byteLength;
  };
  let next = 0;
  const worker = async () => {
    while (next < queue.length) await compressOne(queue[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? os.availableParallelism()) }, worker));
  return result;
}
