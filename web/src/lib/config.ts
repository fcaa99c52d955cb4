import type { RuntimeConfig } from '../../../shared/api';

let loaded: Promise<RuntimeConfig> | undefined;

/** /config.json, written by the deploy or the local stack: one build serves every stage. */
export function loadConfig(): Promise<RuntimeConfig> {
  loaded ??= fetch('/config.json').then((response) => {
    if (!response.ok) throw new Error(`config.json: HTTP ${response.status}`);
    return response.json() as Promise<RuntimeConfig>;
  });
  return loaded;
}
