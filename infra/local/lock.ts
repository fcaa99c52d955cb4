import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LocalStackError } from './errors';

interface LockFile {
  pid: number;
  children: number[];
}

// Only processes that are recognisably ours are ever killed, even if a pid was recycled.
const OUR_CHILDREN = /DynamoDBLocal\.jar|cognito-runner\.cjs/;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

/**
 * One stack per data dir. A lock left by a killed stack is taken over, and the emulators
 * that stack left running are stopped first (they would hold the data files).
 */
export function acquireLock(dataDir: string) {
  const file = join(dataDir, 'stack.lock');
  if (existsSync(file)) {
    let previous: LockFile | null = null;
    try {
      previous = JSON.parse(readFileSync(file, 'utf8')) as LockFile;
    } catch {
      // unreadable: treat as stale
    }
    if (previous && previous.pid !== process.pid && isAlive(previous.pid)) {
      throw new LocalStackError(
        `A local stack is already running (pid ${previous.pid}) with data dir ${dataDir}. Stop it with Ctrl-C first, or use another LOCAL_DATA_DIR and PORT.`,
      );
    }
    for (const pid of previous?.children ?? []) {
      if (isAlive(pid) && OUR_CHILDREN.test(commandLine(pid))) process.kill(pid, 'SIGKILL');
    }
  }
  const write = (children: number[]) => writeFileSync(file, JSON.stringify({ pid: process.pid, children }));
  write([]);
  return {
    recordChildren: (pids: number[]) => write(pids),
    release: () => rmSync(file, { force: true }),
  };
}
