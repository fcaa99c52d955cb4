import { createServer } from 'node:net';
import { pollUntilReady } from './readiness';

/** `count` distinct ports the OS says are free now (all held open at once, then released). */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<ReturnType<typeof createServer>>((resolve, reject) => {
          const server = createServer();
          server.on('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => {
    const address = server.address();
    return typeof address === 'object' && address ? address.port : 0;
  });
  await Promise.all(servers.map((server) => new Promise((r) => server.close(r))));
  return ports;
}

export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port as number;
}

export function isPortFree(port: number, host = '0.0.0.0'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/** Polls `check` until it resolves true, or fails after `timeoutMs` naming `what`. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs = 30_000,
): Promise<void> {
  if (!(await pollUntilReady(check, { signal: AbortSignal.timeout(timeoutMs) })))
    throw new Error(`${what} did not become ready within ${timeoutMs / 1000} s`);
}
