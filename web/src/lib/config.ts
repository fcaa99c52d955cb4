import type { RuntimeConfig } from '@shared/api';
import { queryOptions, useQuery } from '@tanstack/react-query';

let loaded: Promise<RuntimeConfig> | undefined;

/** /config.json, written by the deploy or the local stack: one build serves every stage. */
export function loadConfig(): Promise<RuntimeConfig> {
  loaded ??= fetch('/config.json').then((response) => {
    if (!response.ok) throw new Error(`config.json: HTTP ${response.status}`);
    return response.json() as Promise<RuntimeConfig>;
  });
  return loaded;
}

// Fixed for the life of the page, so never stale.
export const getConfigQueryOptions = () =>
  queryOptions({ queryKey: ['config'], queryFn: loadConfig, staleTime: Number.POSITIVE_INFINITY });

/** The runtime config for pages that show parts of it (the support contacts). */
export const useRuntimeConfig = () => useQuery(getConfigQueryOptions());
