/**
 * The embedded rebuilder: gathers rebuild requests (a burst gives one build), exports a
 * fresh content snapshot from the database this process owns, runs `astro build` into a new
 * folder in a child process (which never opens the database), then asks the server to swap
 * to it. Failures are recorded on the requests and logged; the old output keeps serving.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db/database';
import { dataPath } from '../../functions/_shared/env';
import { writeSnapshot } from '../../functions/catalogue/snapshot';
import { claimPendingRequests, finishRequests } from '../../functions/rebuilds/rebuilds.repository';
import { registerRebuildListener } from '../../functions/rebuilds/rebuilds.service';
import { runAstroBuild } from './astro-build';

export interface RebuilderOptions {
  db: Db;
  /** Called with the new output folder once it is built. */
  swap(outDir: string): Promise<void>;
  /**
   * Where rebuilt outputs go. Inside the project: the server bundle resolves its packages
   * from the project's node_modules.
   */
  buildsDir: string;
  debounceMs?: number;
  /** Output folders kept (the current one and its predecessor). */
  keep?: number;
}

export class Rebuilder {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  /** Resolves when the current and any scheduled rebuild are done (tests and shutdown). */
  idle: Promise<void> = Promise.resolve();

  constructor(private readonly options: RebuilderOptions) {}

  start(): void {
    registerRebuildListener(() => this.schedule());
  }

  stop(): void {
    registerRebuildListener(undefined);
    clearTimeout(this.timer);
  }

  schedule(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run(), this.options.debounceMs ?? 1500);
  }

  private async run(): Promise<void> {
    this.running = this.rebuild();
    this.idle = this.running;
    await this.running;
    this.running = undefined;
    if (this.again) {
      this.again = false;
      this.schedule();
    }
  }

  private async rebuild(): Promise<void> {
    const { db } = this.options;
    const ids = await claimPendingRequests(db);
    if (!ids.length) return;
    const started = Date.now();
    const { buildsDir } = this.options;
    const outDir = path.join(buildsDir, `build-${started}`);
    try {
      const snapshot = await writeSnapshot(db, dataPath('content', `catalogue-${started}.json`));
      await runAstroBuild({ snapshotFile: snapshot, outDir, quiet: true });
      await this.options.swap(outDir);
      await finishRequests(db, ids, null);
      console.log(`[rebuild] ${ids.length} change(s) rebuilt and live in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      this.prune(buildsDir, outDir);
      fs.rmSync(snapshot, { force: true });
    } catch (error) {
      console.error('[rebuild] failed; the previous output keeps serving:', error);
      await finishRequests(db, ids, (error as Error).message).catch(() => {});
      fs.rmSync(outDir, { recursive: true, force: true });
    }
  }

  private prune(buildsDir: string, current: string): void {
    const keep = this.options.keep ?? 2;
    const builds = fs.readdirSync(buildsDir).map((name) => path.join(buildsDir, name)).filter((p) => p !== current).sort();
    for (const old of builds.slice(0, Math.max(0, builds.length - (keep - 1)))) fs.rmSync(old, { recursive: true, force: true });
  }
}
