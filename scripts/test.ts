/**
 * `npm test`: every check, as steps that fail fast, each with its duration (issue 26,
 * docs/decisions/046):
 *   static       ESLint, the Prettier check, `astro check` and knip (dead code, docs/decisions/057),
 *                side by side
 *   unit         vitest, project unit
 *   integration  vitest, project integration, on the embedded database
 *   postgres     the same integration tests on the PostgreSQL of TEST_DATABASE_URL, through the
 *                production Neon driver (only when TEST_DATABASE_URL is set: .ci/run sets it)
 *   e2e          Playwright in Chromium against the run's one build
 * The first step that fails stops the run. `npm test -- unit e2e` runs only the steps named.
 * The last lines are a table of the steps and their durations.
 */
import { spawn } from 'node:child_process';

interface Command {
  label: string;
  argv: string[];
  env?: NodeJS.ProcessEnv;
}

interface Step {
  name: string;
  /** Commands run side by side; the step passes when all of them do. */
  commands: Command[];
  /** Why the step does not run, when it does not. */
  skip?: string;
}

const npx = (...args: string[]) => ['npx', ...args];

const STEPS: Step[] = [
  {
    name: 'static',
    commands: [
      { label: 'lint', argv: npx('eslint', '.') },
      { label: 'format', argv: npx('prettier', '--check', '.') },
      { label: 'typecheck', argv: npx('astro', 'check') },
      { label: 'deadcode', argv: npx('knip', '--no-progress') },
    ],
  },
  { name: 'unit', commands: [{ label: 'unit', argv: npx('vitest', 'run', '--project', 'unit') }] },
  {
    name: 'integration',
    // The embedded database, whatever the shell has set.
    commands: [{ label: 'integration', argv: npx('vitest', 'run', '--project', 'integration'), env: { DATABASE_URL: '', DATABASE_WS_PROXY: '' } }],
  },
  {
    name: 'postgres',
    commands: [{ label: 'postgres', argv: npx('vitest', 'run', '--project', 'integration'), env: { DATABASE_URL: process.env['TEST_DATABASE_URL'] } }],
    ...(process.env['TEST_DATABASE_URL'] ? {} : { skip: 'TEST_DATABASE_URL is not set' }),
  },
  { name: 'e2e', commands: [{ label: 'e2e', argv: npx('playwright', 'test') }] },
];

function run(command: Command, prefix: boolean): Promise<number> {
  return new Promise((resolve) => {
    const [file, ...args] = command.argv;
    const child = spawn(file!, args, { env: { ...process.env, ...command.env }, stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    if (prefix) {
      // Side by side: each line says whose it is.
      for (const stream of [child.stdout!, child.stderr!]) {
        let rest = '';
        stream.on('data', (chunk: Buffer) => {
          const lines = (rest + chunk.toString()).split('\n');
          rest = lines.pop() ?? '';
          for (const line of lines) process.stdout.write(`[${command.label}] ${line}\n`);
        });
        stream.on('end', () => rest && process.stdout.write(`[${command.label}] ${rest}\n`));
      }
    }
    child.once('error', (error) => {
      console.error(`[test] ${command.label}: ${error.message}`);
      resolve(1);
    });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const unknown = only.filter((name) => !STEPS.some((s) => s.name === name));
  if (unknown.length) {
    console.error(`[test] no step named ${unknown.join(', ')}; the steps: ${STEPS.map((s) => s.name).join(', ')}`);
    process.exit(2);
  }
  const rows: string[] = [];
  const started = Date.now();
  let failed: string | undefined;
  for (const step of STEPS) {
    if (only.length && !only.includes(step.name)) continue;
    if (step.skip) {
      rows.push(`${step.name.padEnd(12)} skipped (${step.skip})`);
      continue;
    }
    console.log(`\n[test] ${step.name}: ${step.commands.map((c) => c.argv.slice(1).join(' ')).join(' | ')}`);
    const stepStarted = Date.now();
    const ends: number[] = [];
    const codes = await Promise.all(
      step.commands.map((c, i) =>
        run(c, step.commands.length > 1).then((code) => {
          ends[i] = Date.now();
          return code;
        }),
      ),
    );
    const took = seconds(Date.now() - stepStarted);
    const bad = step.commands.filter((_, i) => codes[i] !== 0).map((c) => c.label);
    // Side by side, each command's own time says which one the step waits for.
    const each = step.commands.length > 1 ? ` (${step.commands.map((c, i) => `${c.label} ${seconds(ends[i]! - stepStarted)}`).join(', ')})` : '';
    rows.push(`${step.name.padEnd(12)} ${bad.length ? `FAILED (${bad.join(', ')})` : 'passed'} in ${took}${each}`);
    console.log(`[test] ${step.name}: ${bad.length ? `failed (${bad.join(', ')})` : 'passed'} in ${took}`);
    if (bad.length) {
      failed = step.name;
      break;
    }
  }
  console.log(`\n[test] steps (${seconds(Date.now() - started)} in all):`);
  for (const row of rows) console.log(`[test]   ${row}`);
  if (failed) {
    console.log(`[test] stopped at ${failed}: the steps after it did not run`);
    process.exit(1);
  }
}

void main();
