import { useEffect, useRef } from 'react';

/** The part of a query's state that says whether and when it failed. */
interface Load {
  error: Error | null;
  errorUpdatedAt: number;
  isFetching: boolean;
}

/**
 * Reacts once to each failed attempt at loading a page (a toast, a redirect): when the
 * page's queries have settled and one failed since the last report, with the first failure.
 * Several queries failing together are one failure, and a failure already in the cache when
 * the page mounts was reported by the page that saw it.
 */
export function useOnError(loads: Load | readonly Load[], onError: (error: Error) => void): void {
  const list: readonly Load[] = Array.isArray(loads) ? loads : [loads];
  const error = list.find((load) => load.error)?.error ?? null;
  const failedAt = Math.max(0, ...list.map((load) => (load.error ? load.errorUpdatedAt : 0)));
  const settled = list.every((load) => !load.isFetching);
  const reported = useRef(failedAt);
  useEffect(() => {
    if (!error || !settled || failedAt <= reported.current) return;
    reported.current = failedAt;
    onError(error);
  }, [error, settled, failedAt, onError]);
}
