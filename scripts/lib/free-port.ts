/**
 * A TCP port nothing listens on right now, asked of the OS (listen on port 0, read the port,
 * close). For the integration tests and benches that start a real server of their own.
 */
import net from 'node:net';

export async function freePort(host = 'localhost'): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, host, () => resolve()));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
