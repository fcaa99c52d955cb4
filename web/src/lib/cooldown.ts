import { useEffect, useState } from 'react';

/** Whole seconds left until `until` (epoch ms), never below zero. */
export const secondsLeft = (until: number, now: number) => Math.max(0, Math.ceil((until - now) / 1000));

/**
 * A cooldown counted down once a second: `start()` begins it, `seconds` is what is left
 * (0: ready again). Starts running at once when `initiallyRunning` (something was just sent).
 */
export function useCooldown(lengthSeconds: number, initiallyRunning = false) {
  const [until, setUntil] = useState(() => (initiallyRunning ? Date.now() + lengthSeconds * 1000 : 0));
  const [now, setNow] = useState(() => Date.now());
  const seconds = secondsLeft(until, now);
  useEffect(() => {
    if (seconds === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [seconds]);
  return {
    seconds,
    start: () => {
      const at = Date.now();
      setNow(at);
      setUntil(at + lengthSeconds * 1000);
    },
  };
}
