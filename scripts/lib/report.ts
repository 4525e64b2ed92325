/**
 * docs/benchmarks.md: each bench script owns one '## ' section and replaces it on each run.
 * Also what the bench scripts that measure on the embedded database share: the line that says
 * when and on what machine, and running to an exit code.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const REPORT_PATH = path.resolve('docs', 'benchmarks.md');

/** Replaces the section starting at `heading` (up to the next '## ' heading) or appends it. */
export function replaceSection(heading: string, section: string, file = REPORT_PATH): void {
  const current = fs.existsSync(file)
    ? fs.readFileSync(file, 'utf8')
    : '# Benchmarks\n\nFigures written by the bench scripts; each script replaces its own section.\n';
  const start = current.indexOf(`${heading}\n`);
  let next: string;
  if (start === -1) {
    next = `${current.trimEnd()}\n\n${section}`;
  } else {
    const after = current.indexOf('\n## ', start + heading.length);
    next = `${current.slice(0, start)}${section}${after === -1 ? '' : `\n${current.slice(after + 1)}`}`;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${next.trimEnd()}\n`);
}

/** 'Measured <time>Z by `npm run <script>` on <cores> cores, <memory> GiB, Node <v>, embedded PGlite (load average at the end: …)'. */
export function measuredOn(script: string): string {
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  return `Measured ${new Date().toISOString().slice(0, 16)}Z by \`npm run ${script}\` on ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}, embedded PGlite (load average at the end: ${load})`;
}

/** Runs a bench to its end and exits (0, or 1 with the error), whatever handles are still open. */
export function runToExit(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
