import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, waitFor } from '../../infra/local/ports';

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
}): Promise<StackProcess> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'relocation-test-'));
  const root = resolve(import.meta.dirname, '../..');
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts'], {
    cwd: root,
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      LOCAL_DATA_DIR: dataDir,
      LOCAL_WEB: options.web,
      LOCAL_ADMIN_EMAIL: TEST_ADMIN.email,
      LOCAL_ADMIN_PASSWORD: TEST_ADMIN.password,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
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
  try {
    await waitFor(
      'local stack',
      async () => {
        if (child.exitCode !== null) throw new Error(`local stack exited (${child.exitCode}):\n${output}`);
        return (await fetch(`${url}/api/health`)).ok;
      },
      60_000,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, dataDir, child, output: () => output, stop };
}
