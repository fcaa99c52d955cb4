/**
 * Waiting for the parts of a start (the local stack's emulators, or the stack as a whole) to
 * become ready, each on its own signal. A busy machine only makes a part slow, so no part has a
 * deadline of its own: while parts are pending, a progress line names them every so often, a
 * part that is ready says how long it took, and only the ceiling (for a start that truly hangs)
 * gives up, naming every part not ready yet and the last lines it printed.
 */

import { LocalStackError } from './errors';

/** Long enough for any merely slow machine; reached only by a start that hangs. */
export const START_CEILING_MS = 10 * 60_000;
const PROGRESS_EVERY_MS = 15_000;
const LAST_LINES = 10;

export class StartTimeout extends LocalStackError {
  constructor(
    readonly pending: string[],
    message: string,
  ) {
    super(message);
    this.name = 'StartTimeout';
  }
}

export interface StartupOptions {
  /** Progress and each part's time to ready. */
  log: (line: string) => void;
  ceilingMs?: number;
  progressEveryMs?: number;
}

interface Pending {
  since: number;
  output: () => string[];
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** One start: its parts, tracked from their start to their readiness, under one ceiling. */
export class Startup {
  private readonly pending = new Map<string, Pending>();
  private readonly began = Date.now();
  private readonly ceilingMs: number;
  private readonly progressEveryMs: number;
  private readonly log: (line: string) => void;
  private readonly gaveUp: Promise<never>;
  private readonly abort = new AbortController();
  private ticker: ReturnType<typeof setInterval> | undefined;
  private ceiling: ReturnType<typeof setTimeout> | undefined;

  constructor(options: StartupOptions) {
    this.log = options.log;
    this.ceilingMs = options.ceilingMs ?? START_CEILING_MS;
    this.progressEveryMs = options.progressEveryMs ?? PROGRESS_EVERY_MS;
    this.gaveUp = new Promise<never>((_, reject) => {
      this.ceiling = setTimeout(() => {
        this.abort.abort();
        reject(this.timeout());
      }, this.ceilingMs);
    });
    // Rejects only while a part is waiting on it (each `part` races it).
    this.gaveUp.catch(() => {});
  }

  /** Aborted when the start gives up, so polling stops with it. */
  get signal(): AbortSignal {
    return this.abort.signal;
  }

  /**
   * Runs the start of `name` and resolves with its result once `ready` (its own readiness
   * signal) resolves; `output` gives the lines it printed, for the error when it never does.
   */
  async part<T>(name: string, ready: () => Promise<T>, output: () => string[] = () => []): Promise<T> {
    const since = Date.now();
    this.pending.set(name, { since, output });
    this.ticker ??= setInterval(() => this.progress(), this.progressEveryMs);
    try {
      const result = await Promise.race([ready(), this.gaveUp]);
      this.log(`${name} ready in ${seconds(Date.now() - since)}`);
      return result;
    } finally {
      this.pending.delete(name);
      if (this.pending.size === 0) {
        clearInterval(this.ticker);
        this.ticker = undefined;
      }
    }
  }

  /** Ends the start: no more progress lines, no ceiling. */
  done(): void {
    clearInterval(this.ticker);
    clearTimeout(this.ceiling);
  }

  private progress() {
    const waiting = [...this.pending.entries()].map(
      ([name, part]) => `${name} (${seconds(Date.now() - part.since)})`,
    );
    if (waiting.length) this.log(`still starting: ${waiting.join(', ')}`);
  }

  private timeout(): StartTimeout {
    const names = [...this.pending.keys()];
    const details = [...this.pending.entries()].map(([name, part]) => {
      const lines = part.output().slice(-LAST_LINES);
      return `${name} printed last:\n${lines.length ? lines.map((line) => `  ${line}`).join('\n') : '  (nothing)'}`;
    });
    return new StartTimeout(
      names,
      `not ready after ${seconds(Date.now() - this.began)}: ${names.join(', ') || '(no part pending)'}\n${details.join('\n')}`,
    );
  }
}

/**
 * Resolves true once `check` resolves true, polling every 100 ms; a check that throws or
 * answers false is not ready yet. Resolves false when `signal` aborts first. `failed` is asked
 * first: a part that has died fails at once.
 */
export async function pollUntilReady(
  check: () => Promise<boolean>,
  options: { signal: AbortSignal; failed?: () => Error | undefined },
): Promise<boolean> {
  while (!options.signal.aborted) {
    const failure = options.failed?.();
    if (failure) throw failure;
    if (await check().catch(() => false)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}
