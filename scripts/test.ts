/**
 * `npm test`: every check, as steps that fail fast, each with its duration (issue 26,
 * docs/decisions/046, 070):
 *   checks   ESLint, the Prettier check, `astro check`, knip (dead code, docs/decisions/057) and
 *            the unit tests, side by side
 *   tests    side by side: the integration tests on the embedded database ('integration') and
 *            Playwright in Chromium against the run's one build ('e2e')
 *   postgres the integration tests on the PostgreSQL of TEST_DATABASE_URL through the
 *            production Neon driver (only when TEST_DATABASE_URL is set: .ci/run sets it)
 * Side by side because neither keeps both cores busy alone: the integration files and the e2e
 * journeys spend much of their time waiting on a database, a job poll or a browser, and one
 * after another the steps took 25 minutes (docs/decisions/070). Each command has its own data
 * folders, databases and ports, and the run's one build is shared (ensureBuild takes a lock).
 * The first step that fails stops the run. `npm test -- unit e2e` runs only the commands (or
 * steps) named. The last lines are a table of the commands and their durations.
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
}

const npx = (...args: string[]) => ['npx', ...args];

const STEPS: Step[] = [
  {
    name: 'checks',
    commands: [
      { label: 'lint', argv: npx('eslint', '.') },
      { label: 'format', argv: npx('prettier', '--check', '.') },
      { label: 'typecheck', argv: npx('astro', 'check') },
      { label: 'deadcode', argv: npx('knip', '--no-progress') },
      { label: 'unit', argv: npx('vitest', 'run', '--project', 'unit') },
    ],
  },
  {
    name: 'tests',
    commands: [
      // The embedded database, whatever the shell has set.
      { label: 'integration', argv: npx('vitest', 'run', '--project', 'integration'), env: { DATABASE_URL: '', DATABASE_WS_PROXY: '' } },
      { label: 'e2e', argv: npx('playwright', 'test') },
    ],
  },
  // Alone: beside the other two, the PostgreSQL server's processes got too little of the two
  // cores and its files hit their timeouts (docs/decisions/070).
  ...(process.env['TEST_DATABASE_URL']
    ? [
        {
          name: 'postgres',
          commands: [{ label: 'postgres', argv: npx('vitest', 'run', '--project', 'integration'), env: { DATABASE_URL: process.env['TEST_DATABASE_URL'] } }],
        },
      ]
    : []),
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
  const names = STEPS.flatMap((s) => [s.name, ...s.commands.map((c) => c.label)]);
  const unknown = only.filter((name) => !names.includes(name) && name !== 'postgres');
  if (unknown.length) {
    console.error(
      `[test] nothing named ${unknown.join(', ')}; the steps and their commands: ${STEPS.map((s) => `${s.name} (${s.commands.map((c) => c.label).join(', ')})`).join('; ')}`,
    );
    process.exit(2);
  }
  const rows: string[] = [];
  const started = Date.now();
  let failed: string | undefined;
  for (const step of STEPS) {
    const commands = only.length && !only.includes(step.name) ? step.commands.filter((c) => only.includes(c.label)) : step.commands;
    if (!commands.length) continue;
    console.log(`\n[test] ${step.name}: ${commands.map((c) => c.argv.slice(1).join(' ')).join(' | ')}`);
    const stepStarted = Date.now();
    const codes = await Promise.all(
      commands.map((c) =>
        run(c, commands.length > 1).then((code) => {
          // Side by side, each command's own time says which one the step waits for.
          rows.push(`${`${step.name}/${c.label}`.padEnd(20)} ${code === 0 ? 'passed' : 'FAILED'} in ${seconds(Date.now() - stepStarted)}`);
          return code;
        }),
      ),
    );
    const bad = commands.filter((_, i) => codes[i] !== 0).map((c) => c.label);
    console.log(`[test] ${step.name}: ${bad.length ? `failed (${bad.join(', ')})` : 'passed'} in ${seconds(Date.now() - stepStarted)}`);
    if (bad.length) {
      failed = step.name;
      break;
    }
  }
  if (!process.env['TEST_DATABASE_URL'] && (!only.length || only.includes('postgres'))) {
    rows.push(`${'postgres'.padEnd(20)} skipped (TEST_DATABASE_URL is not set)`);
  }
  console.log(`\n[test] commands (${seconds(Date.now() - started)} in all):`);
  for (const row of rows) console.log(`[test]   ${row}`);
  if (failed) {
    console.log(`[test] stopped at ${failed}: the steps after it did not run`);
    process.exit(1);
  }
}

void main();
