/**
 * Checks run before anything else, each failing with one clear sentence.
 */
import net from 'node:net';

class StartupError extends Error {
  override name = 'StartupError';
}

export function assertNodeVersion(): void {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  if (major < 22 || (major === 22 && minor < 12)) {
    throw new StartupError(`toolmint needs Node.js 22.12 or newer (this is ${process.versions.node}). Install Node 24 LTS and try again.`);
  }
}

/** Resolves when HOST:PORT can be bound; rejects with a clear message when it is taken. */
export function assertPortFree(port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        new StartupError(
          error.code === 'EADDRINUSE'
            ? `Port ${port} on ${host} is already in use. Stop the other server or start with PORT=<another port>.`
            : `Cannot listen on ${host}:${port}: ${error.message}`,
        ),
      );
    });
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

/** Print a startup failure as one line (no stack trace) and exit. */
export function exitWith(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  const known = error instanceof Error && ['StartupError', 'DatabaseConfigError'].includes(error.name);
  console.error(`\ntoolmint could not start: ${message}`);
  if (!known && error instanceof Error && process.env['DEBUG']) console.error(error.stack);
  process.exit(1);
}
