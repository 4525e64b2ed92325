/**
 * Zod in the browser without eval (docs/decisions/009). Zod 4 compiles object parsers with
 * `new Function` when it may, and probes once whether it may; under our Content-Security-
 * Policy (no 'unsafe-eval') the probe is refused and reported as a violation even though zod
 * catches it. `jitless` turns the probe and the compilation off; the server keeps the
 * compiled parsers. Imported first by every shared module that builds zod schemas, since the
 * setting must be in place before the first z.object() is created.
 */
import { z } from 'zod';

if (typeof window !== 'undefined') z.config({ jitless: true });
