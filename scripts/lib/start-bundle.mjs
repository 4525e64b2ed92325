/**
 * scripts/start.ts as bundled JavaScript (docs/decisions/068): `npm start` runs it with plain
 * Node instead of through tsx, whose loader resolved and transpiled the ~1,400 modules of the
 * start script and then the server bundle's, module by module: 2-2.4 s before the start could
 * do anything. Our own code (scripts/, functions/, db/, env/, src/) is bundled; packages stay
 * imports of node_modules, so the server bundle, which imports the same kysely, zod and react,
 * shares their modules with the start script as before. Split at its dynamic imports: what
 * the start loads only after it listens (every job module, with payments, feeds and emails)
 * or only for an empty database (the demo seed) is a chunk of its own, with its packages.
 *
 * Bundled again only when a file it was made from changed: a stamp lists each bundled file
 * with its size and modification time (a few hundred stats, milliseconds), with tsconfig.json
 * (its `paths`), this file and esbuild's version. A fresh clone bundles on its first start, in
 * about a second. Each bundle has a folder of its own, named by its stamp, so a server still
 * loading the chunks of the previous one (in its first seconds) finds them; folders unused
 * for an hour are removed. Plain JavaScript: it runs before anything could compile TypeScript.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ENTRY = 'scripts/start.ts';
const BUNDLES = path.join(ROOT, 'node_modules', '.cache', 'toolmint', 'start');
const STAMP_FILE = path.join(BUNDLES, 'stamp.json');
/** Files that shape the bundle without being bundled. */
const CONFIG_FILES = ['tsconfig.json', 'scripts/lib/start-bundle.mjs'];
/** Bundles other than the current one are removed once this old. */
const KEEP_MS = 60 * 60 * 1000;

/** @typedef {{ dir: string, files: Record<string, string> }} Stamp */

/** @param {string} file relative to ROOT */
function fileStamp(file) {
  try {
    const stat = fs.statSync(path.join(ROOT, file));
    return `${stat.size}:${stat.mtimeMs}`;
  } catch {
    return 'missing';
  }
}

/** @returns {Stamp | null} */
function readStamp() {
  try {
    return JSON.parse(fs.readFileSync(STAMP_FILE, 'utf8'));
  } catch {
    return null;
  }
}

function esbuildVersion() {
  return JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', 'esbuild', 'package.json'), 'utf8')).version;
}

/** @param {Stamp} stamp */
const entryOf = (stamp) => path.join(BUNDLES, stamp.dir, 'start.js');

/** The current bundle's stamp, or null when there is none or a file it was made from changed. */
function currentStamp() {
  const stamp = readStamp();
  if (!stamp?.files || !fs.existsSync(entryOf(stamp))) return null;
  const current = Object.entries(stamp.files).every(([file, value]) => (file === 'esbuild' ? esbuildVersion() : fileStamp(file)) === value);
  return current ? stamp : null;
}

/**
 * esbuild's `import.meta.url` would be the bundle's own location: each file of ours that reads
 * it gets its own file's URL instead (db/pglite-thread.ts finds its worker beside it,
 * db/seed/demo-data.ts its data folder).
 * @returns {import('esbuild').Plugin}
 */
function ownImportMetaUrl() {
  return {
    name: 'own-import-meta-url',
    setup(build) {
      build.onLoad({ filter: /\.(ts|tsx|mts|js|mjs)$/ }, (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const source = fs.readFileSync(args.path, 'utf8');
        if (!source.includes('import.meta.url')) return undefined;
        const loader = /** @type {'ts' | 'tsx' | 'js'} */ (args.path.endsWith('.tsx') ? 'tsx' : /\.m?ts$/.test(args.path) ? 'ts' : 'js');
        return { contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader };
      });
    },
  };
}

/** Removes bundles (and unfinished ones) other than `keep` that are older than KEEP_MS. */
function prune(keep) {
  for (const name of fs.readdirSync(BUNDLES)) {
    const full = path.join(BUNDLES, name);
    if (name === keep || name === path.basename(STAMP_FILE)) continue;
    try {
      if (Date.now() - fs.statSync(full).mtimeMs > KEEP_MS) fs.rmSync(full, { recursive: true, force: true });
    } catch {
      // removed by another start meanwhile
    }
  }
}

/**
 * Bundles scripts/start.ts into a folder of its own and makes it the current one (its stamp,
 * renamed into place: starts at once never read half of one).
 * @returns {Promise<Stamp>}
 */
async function bundleStart() {
  const { build, version } = await import('esbuild');
  fs.mkdirSync(BUNDLES, { recursive: true });
  const temporary = fs.mkdtempSync(path.join(BUNDLES, `.tmp-${process.pid}-`));
  fs.chmodSync(temporary, 0o755);
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: { start: ENTRY },
    outdir: temporary,
    bundle: true,
    splitting: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node.split('.')[0]}`,
    tsconfig: path.join(ROOT, 'tsconfig.json'),
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    plugins: [ownImportMetaUrl()],
  });
  /** @type {Record<string, string>} */
  const files = { esbuild: version };
  for (const file of [...Object.keys(result.metafile.inputs), ...CONFIG_FILES]) files[file] = fileStamp(file);
  const dir = createHash('sha256').update(JSON.stringify(files)).digest('hex').slice(0, 16);
  try {
    fs.renameSync(temporary, path.join(BUNDLES, dir));
  } catch {
    // The same bundle, made by another start at the same time.
    fs.rmSync(temporary, { recursive: true, force: true });
  }
  const stamp = { dir, files };
  const stampTemporary = `${STAMP_FILE}.${process.pid}.tmp`;
  fs.writeFileSync(stampTemporary, JSON.stringify(stamp));
  fs.renameSync(stampTemporary, STAMP_FILE);
  prune(dir);
  return stamp;
}

/** The bundled start script's entry, bundled first when its sources changed; its file URL. */
export async function startBundle() {
  let stamp = currentStamp();
  if (stamp) {
    // In use: not removed for another hour (prune).
    const now = new Date();
    fs.utimesSync(path.join(BUNDLES, stamp.dir), now, now);
  } else {
    stamp = await bundleStart();
  }
  return pathToFileURL(entryOf(stamp)).href;
}
