/**
 * The order integration files start in. Vitest starts the files that took longest in this
 * checkout's last run first, but a fresh clone (CI) has no such record and starts the largest
 * files first; the few files that take a minute or more were then started last and ran alone
 * while the other worker sat idle. These start first, longest first, whatever is recorded; the
 * rest keep Vitest's order. A file missing here costs time, never a result.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The files that run longest, longest first (docs/benchmarks.md, 'Test suite'). */
const LONG_FILES = ['hostile-input.test.ts', 'page-store.test.ts', 'startup.test.ts', 'rate-limits.test.ts', 'body-limit.test.ts', 'static-serving.test.ts'];

const rank = (spec: TestSpecification) => {
  const index = LONG_FILES.findIndex((name) => spec.moduleId.endsWith(`/${name}`));
  return index === -1 ? LONG_FILES.length : index;
};

export default class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: among the other files Vitest's order stays.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
