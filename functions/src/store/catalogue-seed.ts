// The catalogue as the repo's data file (shared/catalogue.ts) and locale files define it, and
// its seed: written idempotently at local start and at every deploy.
import { PHASES, TASK_TEMPLATES } from '@shared/catalogue';
import type { Language } from '@shared/constants';
import deCatalogue from '@shared/locales/de/catalogue.json';
import enCatalogue from '@shared/locales/en/catalogue.json';
import type { Catalogue } from './catalogue';
import { batchWrite } from './client';
import { phases, taskTemplates } from './entities';

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
