import { useEffect, useState } from 'react';

/**
 * `value`, once it has stayed the same for `delayMs` (a search box's text once typing pauses):
 * what depends on it changes once per pause instead of once per key. The first value is
 * returned at once.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
