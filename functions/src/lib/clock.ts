// The server's one source of "now". Rules that depend on time (phase unlocks, expiries,
// timestamps written) ask this clock, so a test pins it instead of patching Date.
let source: () => Date = () => new Date();

export const clock = {
  now: (): Date => source(),
  /** Now as an ISO-8601 timestamp, the form every stored date has. */
  iso: (): string => source().toISOString(),
};

/** Fixes the clock at one instant (tests); returns the function that lets it run again. */
export function pinClock(at: Date | string): () => void {
  const fixed = new Date(at);
  source = () => new Date(fixed);
  return () => {
    source = () => new Date();
  };
}
