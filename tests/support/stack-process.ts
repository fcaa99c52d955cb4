import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../../infra/local/ports';
import { pollUntilReady, START_CEILING_MS, Startup } from '../../infra/local/readiness';

/**
 * How long a test may wait for a stack it starts: the stack gives up itself at its ceiling,
 * naming its parts not ready; this, a minute later, is for a start that hangs outside them.
 * A test that starts stacks allows this much per start, so a slow machine alone fails nothing.
 */
export const STACK_PROCESS_CEILING_MS = START_CEILING_MS + 60_000;

export const TEST_ADMIN = { email: 'admin@test.local', password: 'admin-pass-1' };

const ROOT = resolve(import.meta.dirname, '../..');

/** `npm start`'s entry point as a child in its own process group. */
export function spawnStack(options: { port: number; dataDir: string; web: string; env?: NodeJS.ProcessEnv }) {
  return spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts'], {
    cwd: ROOT,
    detached: true,
    env: {
      ...process.env,
      PORT: String(options.port),
      LOCAL_DATA_DIR: options.dataDir,
      LOCAL_WEB: options.web,
      LOCAL_ADMIN_EMAIL: TEST_ADMIN.email,
      LOCAL_ADMIN_PASSWORD: TEST_ADMIN.password,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export interface StackProcess {
  url: string;
  dataDir: string;
  child: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * Starts `infra/local/start.ts` exactly as `npm start` does, in its own process group,
 * so stopping it stops its emulators and nothing else.
 */
export async function startStackProcess(options: {
  web: string;
  dataDir?: string;
  port?: number;
  /** The start's progress: which part the stack waits for, and how long each took. */
  log?: (line: string) => void;
}): Promise<StackProcess> {
  const log = options.log ?? (() => {});
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'relocation-test-'));
  let output = '';
  // The stack's own progress lines, passed on as they come.
  const progress = /^\[local\] (still starting: |.+ ready in )/;
  const pass = (text: string) => {
    for (const line of text.split('\n')) if (progress.test(line)) log(line);
  };
  const child = spawnStack({ port, dataDir, web: options.web });
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
    pass(d.toString());
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const url = `http://localhost:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      const exited = new Promise((r) => child.once('exit', r));
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      await exited;
    }
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  // Ready on the stack's own signal (its health answers), however slow the machine: the stack
  // gives up itself, naming its parts not ready, at its ceiling; this one, a minute later, is
  // for a start that hangs outside them.
  const startup = new Startup({ log, ceilingMs: STACK_PROCESS_CEILING_MS });
  const failed = () =>
    child.exitCode !== null ? new Error(`local stack exited (${child.exitCode}):\n${output}`) : undefined;
  try {
    await startup.part(
      'local stack',
      () =>
        pollUntilReady(async () => (await fetch(`${url}/api/health`)).ok, { signal: startup.signal, failed }),
      () => output.split('\n').filter(Boolean),
    );
  } catch (error) {
    await stop();
    throw error;
  } finally {
    startup.done();
  }
  return { url, dataDir, child, output: () => output, stop };
}
