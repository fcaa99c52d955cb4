import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  PHASES,
  type PhaseDefinition,
  TASK_TEMPLATES,
  type TaskTemplateDefinition,
} from '../../../shared/catalogue';
import type { Language } from '../../../shared/constants';
import deCatalogue from '../../../web/public/locales/de/catalogue.json';
import enCatalogue from '../../../web/public/locales/en/catalogue.json';
import { env } from '../config';
import { batchWrite, dynamo } from './client';
import { keys } from './table';

type Texts<T> = Record<Language, T>;
export interface Phase extends PhaseDefinition {
  texts: Texts<{ display_name: string; description: string }>;
}
export interface TaskTemplate extends TaskTemplateDefinition {
  /** The English name: what the workflow type is derived from (SPEC 7). */
  task_name: string;
  texts: Texts<{ task_name: string; task_description: string; info_text: string }>;
}
export interface Catalogue {
  phases: Phase[];
  templates: TaskTemplate[];
}

type CatalogueTexts = typeof enCatalogue;
const locales: Texts<CatalogueTexts> = { en: enCatalogue, de: deCatalogue };
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
      task_name: locales.en.tasks[taskKey(template.id)].task_name,
      texts: { en: locales.en.tasks[taskKey(template.id)], de: locales.de.tasks[taskKey(template.id)] },
    })),
  };
}

const phaseSort = (p: Pick<PhaseDefinition, 'phase_order' | 'id'>) => `PHASE#${p.phase_order}#${p.id}`;
const templateSort = (t: Pick<TaskTemplateDefinition, 'id'>) => `TEMPLATE#${t.id}`;

/** Writes the catalogue (idempotent: the same items overwrite themselves). */
export async function seedCatalogue(catalogue = catalogueFromFiles()): Promise<void> {
  const items = [
    ...catalogue.phases.map((p) => ({ PK: keys.catalogue(), SK: phaseSort(p), kind: 'phase', ...p })),
    ...catalogue.templates.map((t) => ({
      PK: keys.catalogue(),
      SK: templateSort(t),
      kind: 'template',
      ...t,
    })),
  ];
  await batchWrite(
    env.tableName,
    items.map((Item) => ({ PutRequest: { Item } })),
  );
}

let cached: { at: number; value: Catalogue } | undefined;
const CACHE_MS = 5 * 60_000;

/** The catalogue from the table (one Query), cached per Lambda container for a few minutes. */
export async function loadCatalogue(now = Date.now()): Promise<Catalogue> {
  if (cached && now - cached.at < CACHE_MS) return cached.value;
  const out = await dynamo().send(
    new QueryCommand({
      TableName: env.tableName,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.catalogue() },
    }),
  );
  const items = out.Items ?? [];
  const strip = <T>(item: Record<string, unknown>) => {
    const { PK: _pk, SK: _sk, kind: _kind, ...rest } = item;
    return rest as T;
  };
  const value: Catalogue = {
    phases: items
      .filter((i) => i.kind === 'phase')
      .map((i) => strip<Phase>(i))
      .sort((a, b) => a.phase_order - b.phase_order),
    templates: items
      .filter((i) => i.kind === 'template')
      .map((i) => strip<TaskTemplate>(i))
      .filter((t) => t.is_active)
      .sort((a, b) => a.task_order - b.task_order),
  };
  cached = { at: now, value };
  return value;
}
