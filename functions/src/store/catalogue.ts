import { PHASES, TASK_TEMPLATES } from '@shared/catalogue';
import type { Language } from '@shared/constants';
import deCatalogue from '@shared/locales/de/catalogue.json';
import enCatalogue from '@shared/locales/en/catalogue.json';
import { clock } from '../lib/clock';
import { batchWrite, queryAll } from './client';
import { CATALOGUE, type Phase, phases, type TaskTemplate, taskTemplates } from './entities';

export interface Catalogue {
  phases: Phase[];
  templates: TaskTemplate[];
}

type CatalogueTexts = typeof enCatalogue;
const locales: Record<Language, CatalogueTexts> = { en: enCatalogue, de: deCatalogue };
const phaseKey = (id: string) => id as keyof CatalogueTexts['phases'];
const taskKey = (id: string) => id as keyof CatalogueTexts['tasks'];

/** The catalogue as the repo's data file and locale files define it. */
export function catalogueFromFiles(): Catalogue {
  return {
    phases: PHASES.map((phase) => ({
      ...phase,
      texts: { en: locales.en.phases[phaseKey(phase.id)], de: locales.de.phases[phaseKey(phase.id)] },
    })),
    templates: TASK_TEMPLATES.map((template) => ({
      ...template,
      texts: { en: locales.en.tasks[taskKey(template.id)], de: locales.de.tasks[taskKey(template.id)] },
    })),
  };
}

/** Writes the catalogue (idempotent: the same items overwrite themselves). */
export async function seedCatalogue(catalogue = catalogueFromFiles()): Promise<void> {
  const items = [...catalogue.phases.map(phases.toItem), ...catalogue.templates.map(taskTemplates.toItem)];
  await batchWrite(items.map((Item) => ({ PutRequest: { Item } })));
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
