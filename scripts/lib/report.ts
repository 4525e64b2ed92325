/**
 * docs/benchmarks.md: each bench script owns one '## ' section and replaces it on each run.
 */
import fs from 'node:fs';
import path from 'node:path';

export const REPORT_PATH = path.resolve('docs', 'benchmarks.md');

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
