import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pollUntilReady, START_CEILING_MS, StartTimeout, Startup } from './readiness';

/** A stand-in child: its readiness check answers true from `readyAfterMs` on (never if undefined). */
function fakeChild(readyAfterMs?: number) {
  const started = Date.now();
  const output = ['starting', 'loading libraries'];
  let died: Error | undefined;
  return {
    output,
    check: async () => readyAfterMs !== undefined && Date.now() - started >= readyAfterMs,
    die: (message: string) => {
      died = new Error(message);
    },
    failed: () => died,
  };
}

describe('starting the local stack on a slow machine', () => {
  let lines: string[];
  beforeEach(() => {
    vi.useFakeTimers();
    lines = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const startup = () => new Startup({ log: (line) => lines.push(line) });
  const waitOn = (start: Startup, name: string, child: ReturnType<typeof fakeChild>) =>
    start.part(
      name,
      () => pollUntilReady(child.check, { signal: start.signal, failed: child.failed }),
      () => child.output,
    );

  it('waits for a child slower than a minute, naming it while it waits and saying how long it took', async () => {
    const start = startup();
    const dynamo = fakeChild(3 * 60_000);
    const cognito = fakeChild(2_000);
    let ready = false;
    const both = Promise.all([
      waitOn(start, 'DynamoDB Local', dynamo),
      waitOn(start, 'cognito-local', cognito),
    ]).then(() => {
      ready = true;
    });
    await vi.advanceTimersByTimeAsync(90_000);
    expect(ready).toBe(false);
    expect(lines).toContain('cognito-local ready in 2.0 s');
    expect(lines.filter((line) => line.startsWith('still starting: DynamoDB Local')).length).toBeGreaterThan(
      1,
    );
    expect(lines.some((line) => line.includes('cognito-local ('))).toBe(false);

    await vi.advanceTimersByTimeAsync(90_000);
    await both;
    expect(ready).toBe(true);
    expect(lines.at(-1)).toMatch(/^DynamoDB Local ready in 180\.\d s$/);
    start.done();
    // Nothing more to say once every part is ready.
    const said = lines.length;
    await vi.advanceTimersByTimeAsync(START_CEILING_MS);
    expect(lines).toHaveLength(said);
  });

  it('gives up on a hung start only at the ceiling, naming the parts not ready and what they printed last', async () => {
    const start = startup();
    const dynamo = fakeChild();
    const cognito = fakeChild(1_000);
    const both = Promise.all([
      waitOn(start, 'DynamoDB Local', dynamo),
      waitOn(start, 'cognito-local', cognito),
    ]);
    const outcome = both.then(
      () => undefined,
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(START_CEILING_MS - 1_000);
    expect(await Promise.race([outcome, Promise.resolve('pending')])).toBe('pending');

    dynamo.output.push('Initializing DynamoDB Local with the following configuration:');
    await vi.advanceTimersByTimeAsync(1_000);
    const error = await outcome;
    expect(error).toBeInstanceOf(StartTimeout);
    expect((error as StartTimeout).pending).toEqual(['DynamoDB Local']);
    const message = (error as Error).message;
    expect(message).toMatch(/^not ready after 600\.0 s: DynamoDB Local\n/);
    expect(message).toContain(
      'DynamoDB Local printed last:\n  starting\n  loading libraries\n  Initializing',
    );
    expect(message).not.toContain('cognito-local');
  });

  it('fails at once when a child dies, whatever the ceiling', async () => {
    const start = startup();
    const dynamo = fakeChild();
    const outcome = waitOn(start, 'DynamoDB Local', dynamo).then(
      () => undefined,
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(5_000);
    dynamo.die('DynamoDB Local exited (1): no Java');
    await vi.advanceTimersByTimeAsync(200);
    expect(((await outcome) as Error).message).toBe('DynamoDB Local exited (1): no Java');
    start.done();
  });
});
