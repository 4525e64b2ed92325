/**
 * Dead code fails the build (knip.config.ts, docs/decisions/057): knip, run on the real tree
 * as the static step of `npm test` runs it, exits non-zero when a module exports a symbol no
 * one imports, and names that export. The probe is two new files, removed afterwards: a
 * script (an entry, as every scripts/*.ts is) importing one of the two exports of a module
 * under scripts/lib/. No existing file is touched.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const KNIP = path.resolve('node_modules', '.bin', 'knip');
const PROBE_LIB = path.resolve('scripts', 'lib', '__knip_probe__.ts');
const PROBE_ENTRY = path.resolve('scripts', '__knip_probe__.ts');

interface KnipReport {
  issues: { file: string; exports?: { name: string }[]; [type: string]: unknown }[];
}

/** knip's JSON report and exit code (it exits 1 when it finds an issue). */
async function knip(): Promise<{ code: number; report: KnipReport }> {
  try {
    // KNIP_PROBE: the probe files are ignored otherwise (knip.config.ts), so that the deadcode
    // check running beside this test does not report them.
    const { stdout } = await run(KNIP, ['--no-progress', '--reporter', 'json'], { maxBuffer: 16 * 1024 * 1024, env: { ...process.env, KNIP_PROBE: '1' } });
    return { code: 0, report: JSON.parse(stdout) as KnipReport };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string };
    if (typeof failed.code !== 'number' || !failed.stdout) throw error;
    return { code: failed.code, report: JSON.parse(failed.stdout) as KnipReport };
  }
}

describe('dead code fails the build', () => {
  it('reports an export no module imports, and exits non-zero', { timeout: 120_000 }, async () => {
    fs.writeFileSync(PROBE_LIB, 'export const probeUsed = 1;\nexport const probeUnused = 2;\n');
    fs.writeFileSync(PROBE_ENTRY, "import { probeUsed } from './lib/__knip_probe__';\n\nconsole.log(probeUsed);\n");
    try {
      const { code, report } = await knip();
      expect(code).toBe(1);
      // The probe's unused export is the one issue: the rest of the tree is clean.
      expect(report.issues.map((issue) => issue.file)).toEqual(['scripts/lib/__knip_probe__.ts']);
      const { file, exports, ...others } = report.issues[0]!;
      expect(exports?.map((e) => e.name)).toEqual(['probeUnused']);
      expect(Object.entries(others).filter(([, list]) => Array.isArray(list) && list.length > 0)).toEqual([]);
      expect(file).toBe('scripts/lib/__knip_probe__.ts');
    } finally {
      fs.rmSync(PROBE_LIB, { force: true });
      fs.rmSync(PROBE_ENTRY, { force: true });
    }
  });
});
