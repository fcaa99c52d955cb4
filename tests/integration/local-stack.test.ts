import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MeResponse } from '@shared/api';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, waitFor } from '../../infra/local/ports';
import { api, login, newCustomer } from '../support/auth';
import {
  STACK_PROCESS_CEILING_MS,
  type StackProcess,
  spawnStack,
  startStackProcess,
} from '../support/stack-process';

// These tests start their own stacks (not the suite's shared one): they stop and restart them.
const dataDir = mkdtempSync(join(tmpdir(), 'relocation-lifecycle-'));
const started: StackProcess[] = [];
afterAll(async () => {
  await Promise.all(started.map((stack) => stack.stop()));
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs a start that is expected to fail, returning its exit code and output. */
async function failedStart(options: Parameters<typeof spawnStack>[0]) {
  const child = spawnStack(options);
  let output = '';
  child.stdout.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, output };
}

/** Processes still alive in a process group. */
function groupMembers(pgid: number): string[] {
  const ps = spawnSync('ps', ['-o', 'pid=', '-g', String(pgid)], { encoding: 'utf8' });
  return ps.stdout
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

// Each test starts (or fails to start) at most two stacks; a slow machine gets their full
// ceiling, and only a hung start fails a test.
describe('npm start lifecycle', { timeout: 2 * STACK_PROCESS_CEILING_MS }, () => {
  let first: StackProcess;
  let customer: Awaited<ReturnType<typeof newCustomer>>;

  it('starts and refuses a second stack on the same data dir or the same port, clearly', async () => {
    first = await startStackProcess({ web: 'none', dataDir });
    started.push(first);
    expect(first.output()).toContain('Mailbox:');

    const sameDir = await failedStart({ port: await freePort(), dataDir, web: 'none' });
    expect(sameDir.code).toBe(1);
    expect(sameDir.output).toContain('A local stack is already running');

    const port = Number(new URL(first.url).port);
    const otherDir = mkdtempSync(join(tmpdir(), 'relocation-other-'));
    const samePort = await failedStart({ port, dataDir: otherDir, web: 'none' });
    rmSync(otherDir, { recursive: true, force: true });
    expect(samePort.code).toBe(1);
    expect(samePort.output).toContain(`Port ${port} is already in use`);

    // The refused starts left the running stack alone.
    expect((await api(first.url, '/api/health')).status).toBe(200);
  });

  it('stops every child process on Ctrl-C (SIGINT)', async () => {
    customer = await newCustomer(first.url);
    const pid = first.child.pid as number;
    expect(groupMembers(pid).length).toBeGreaterThan(2); // the server, DynamoDB Local, cognito-local
    const exited = new Promise<number | null>((resolve) => first.child.once('exit', resolve));
    process.kill(pid, 'SIGINT');
    expect(await exited).toBe(0);
    // The emulators are awaited before the stack exits; esbuild's service process (tsx's
    // transformer, a child of the stack's node process) leaves when its pipe closes, a moment
    // after its parent on a busy machine: the group must be empty within seconds, not at once.
    await waitFor('the process group to empty', async () => groupMembers(pid).length === 0, 5_000);
    expect(groupMembers(pid)).toEqual([]);
  });

  it('keeps users and profiles across a restart', async () => {
    const again = await startStackProcess({ web: 'none', dataDir, port: Number(new URL(first.url).port) });
    started.push(again);
    const { idToken } = await login(again.url, customer.email, customer.password);
    const me = await api<MeResponse>(again.url, '/api/me', { token: idToken });
    expect(me.status).toBe(200);
    expect(me.body.profile.email).toBe(customer.email);
    // A token issued before the restart is still accepted (same origin, so same issuer; same keys).
    expect((await api(again.url, '/api/me', { token: customer.idToken })).status).toBe(200);
  });

  it('takes over after a stack was killed hard, stopping the emulators it left behind', async () => {
    const killed = started.pop() as StackProcess;
    const { children } = JSON.parse(readFileSync(join(dataDir, 'stack.lock'), 'utf8')) as {
      children: number[];
    };
    expect(children).toHaveLength(2);
    const exited = new Promise((resolve) => killed.child.once('exit', resolve));
    process.kill(killed.child.pid as number, 'SIGKILL');
    await exited;
    const orphans = () => children.filter((pid) => spawnSync('kill', ['-0', String(pid)]).status === 0);
    expect(orphans()).toHaveLength(2);

    const next = await startStackProcess({ web: 'none', dataDir, port: Number(new URL(killed.url).port) });
    started.push(next);
    expect(orphans()).toEqual([]);
    expect((await login(next.url, customer.email, customer.password)).idToken).toBeTruthy();
  });

  it('fails with a message naming Java when Java is missing', async () => {
    const bin = mkdtempSync(join(tmpdir(), 'relocation-nojava-'));
    symlinkSync(process.execPath, join(bin, 'node'));
    const result = await failedStart({
      port: await freePort(),
      dataDir: join(bin, 'data'),
      web: 'none',
      env: { PATH: bin },
    });
    rmSync(bin, { recursive: true, force: true });
    expect(result.code).toBe(1);
    expect(result.output).toContain('Java was not found on PATH');
  });
});
