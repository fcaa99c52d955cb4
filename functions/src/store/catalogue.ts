// The catalogue as the request handlers read it: from the table, cached. What writes it (the
// seed, from the repo's data and locale files) is catalogue-seed.ts, so that no handler
// bundles the catalogue's texts.
import { clock } from '../lib/clock';
import { queryAll } from './client';
import { CATALOGUE, type Phase, phases, type TaskTemplate, taskTemplates } from './entities';

export interface Catalogue {
  phases: Phase[];
  templates: TaskTemplate[];
}

let cached: { at: number; value: Catalogue } | undefined;
const CACHE_MS = 5 * 60_000;

/** The catalogue from the table (one Query), cached per Lambda container for a few minutes. */
export async function loadCatalogue(): Promise<Catalogue> {
  const now = clock.now().getTime();
  if (cached && now - cached.at < CACHE_MS) return cached.value;
  const items = await queryAll({ partition: CATALOGUE });
  const value: Catalogue = {
    phases: items
      .filter(phases.owns)
      .map(phases.fromItem)
      .sort((a, b) => a.phase_order - b.phase_order),
    templates: items
      .filter(taskTemplates.owns)
      .map(taskTemplates.fromItem)
      .filter((t) => t.is_active)
      .sort((a, b) => a.task_order - b.task_order),
  };
  cached = { at: now, value };
  return value;
}
