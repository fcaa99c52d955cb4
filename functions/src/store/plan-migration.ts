// Brings every customer's stored tasks to the catalogue's placement and conditions
// (docs/architecture.md#the-catalogue): a task keeps the phase of its template, and an
// untouched task of a template that no longer applies to its customer goes. Run after each
// seed of the catalogue (local start, deploy); idempotent, and resumable from a checkpoint.
import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Profile, UserTask } from '@shared/api';
import { TASK_TEMPLATES } from '@shared/catalogue';
import { DRIVING_LICENCE_CLOCK, EXPIRING_SOON_DAYS, EXPIRY_LEADS } from '@shared/document-clocks';
import { actedOn } from '@shared/journey';
import { appliesTo } from '@shared/plan';
import { env } from '../config';
import { inBatches } from '../lib/batches';
import { dynamo } from './client';
import { type MigrationCheckpoint, migrationCheckpoints, tasks } from './entities';
import { listCustomers } from './profiles';
import { readUserPartition } from './user-partition';

const CHECKPOINT = 'plan-catalogue';
/** Customers read per page of the customer list, and migrated at the same time. */
const PAGE_SIZE = 50;
const PARALLEL = 8;

/**
 * The version of the catalogue's placement and conditions, and of the documents' clocks (the
 * upkeep hook derives the reminder schedule and the expiring count from them): a checkpoint of
 * another version is from an older catalogue or older clocks, whose migration starts again
 * from the first customer.
 */
function planCatalogueVersion(): string {
  const placement = TASK_TEMPLATES.map(({ id, phase_id, applies_to, due }) => [
    id,
    phase_id,
    applies_to ?? null,
    due ?? null,
  ]);
  const clocks = { EXPIRY_LEADS, EXPIRING_SOON_DAYS, DRIVING_LICENCE_CLOCK };
  return createHash('sha256')
    .update(JSON.stringify([placement, clocks]))
    .digest('hex')
    .slice(0, 16);
}

export interface PlanMigrationResult {
  /** Customers looked at in this run. */
  customers: number;
  /** Tasks moved to their template's phase. */
  moved: number;
  /** Untouched tasks deleted because their template no longer applies to the customer. */
  deleted: number;
  /** Every customer is migrated (false: stopped early; the next run goes on from there). */
  done: boolean;
}

/** What the catalogue asks of one stored task: nothing, its template's phase, or its deletion. */
function taskChange(
  task: UserTask,
  profile: Profile,
  requested: ReadonlySet<string>,
): { kind: 'delete' } | { kind: 'move'; phase_id: string } | null {
  const template = TASK_TEMPLATES.find((t) => t.id === task.task_template_id);
  // A template the catalogue no longer has: the task is left as it is (nothing to compare).
  if (!template) return null;
  // Work is never lost: only a task nobody acted on may go (the journey shows acted-on ones).
  if (!appliesTo(template.applies_to, profile) && !actedOn(task.status, requested.has(task.id)))
    return { kind: 'delete' };
  if (task.phase_id !== template.phase_id) return { kind: 'move', phase_id: template.phase_id };
  return null;
}

/**
 * One customer's tasks migrated. Each write stands alone and is conditional, so a crash or a
 * second run leaves nothing half done: a task is deleted only while it is still not started
 * (a service request starts its task in the same transaction, so none can slip in), and a
 * phase is set only on a task that still exists.
 */
async function migrateCustomer(profile: Profile): Promise<{ moved: number; deleted: number }> {
  const partition = await readUserPartition(profile.id);
  // A deletion under way removes the tasks anyway.
  if (!partition.stored || partition.deleting) return { moved: 0, deleted: 0 };
  const requested = new Set(partition.workflows.map((w) => w.user_task_id));
  const outcomes = await Promise.all(
    partition.tasks.map(async (task) => {
      const change = taskChange(task, partition.stored?.profile ?? profile, requested);
      if (!change) return null;
      const guarded = async (write: Promise<unknown>) => {
        try {
          await write;
          return change.kind;
        } catch (error) {
          // The task changed (or went) since it was read: the next run sees it as it is now.
          if ((error as Error).name === 'ConditionalCheckFailedException') return null;
          throw error;
        }
      };
      const Key = tasks.keyOf(task);
      if (change.kind === 'delete')
        return guarded(
          dynamo().send(
            new DeleteCommand({
              TableName: env.tableName,
              Key,
              ConditionExpression: '#status = :untouched',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':untouched': 'not_started' },
            }),
          ),
        );
      return guarded(
        dynamo().send(
          new UpdateCommand({
            TableName: env.tableName,
            Key,
            UpdateExpression: 'SET phase_id = :phase',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeValues: { ':phase': change.phase_id },
          }),
        ),
      );
    }),
  );
  return {
    moved: outcomes.filter((o) => o === 'move').length,
    deleted: outcomes.filter((o) => o === 'delete').length,
  };
}

async function readCheckpoint(): Promise<MigrationCheckpoint | null> {
  const out = await dynamo().send(
    new GetCommand({
      TableName: env.tableName,
      Key: migrationCheckpoints.key(CHECKPOINT),
      ConsistentRead: true,
    }),
  );
  return out.Item ? migrationCheckpoints.fromItem(out.Item) : null;
}

async function writeCheckpoint(version: string, cursor: string | null, done: boolean): Promise<void> {
  const checkpoint = { name: CHECKPOINT, version, cursor, done, updated_at: new Date().toISOString() };
  await dynamo().send(
    new PutCommand({ TableName: env.tableName, Item: migrationCheckpoints.toItem(checkpoint) }),
  );
}

/**
 * Migrates every customer, page by page through the customer list (GSI1, never a Scan), from
 * where the checkpoint says the last run stopped; a finished migration of this catalogue
 * version does nothing (`again` runs it once more from the first customer). `shouldStop` is
 * asked before each page: a run that must end (a Lambda's time running out) stops between
 * pages, with the checkpoint at the next one. A page finished before a crash is done again by
 * the next run, which changes nothing on it.
 */
export async function migratePlans(
  options: {
    shouldStop?: () => boolean;
    again?: boolean;
    pageSize?: number;
    /**
     * Run for each customer after their tasks: the caller's upkeep of what derives from the
     * plan (the reminder schedule and overdue count, which customers from before the plan
     * have none of, and which due rules changed since). Must be idempotent like the rest.
     */
    afterCustomer?: (userId: string) => Promise<void>;
  } = {},
): Promise<PlanMigrationResult> {
  const version = planCatalogueVersion();
  const checkpoint = await readCheckpoint();
  const current = checkpoint?.version === version && !options.again ? checkpoint : null;
  const result: PlanMigrationResult = { customers: 0, moved: 0, deleted: 0, done: current?.done ?? false };
  if (result.done) return result;
  let cursor = current?.cursor ?? null;
  do {
    if (options.shouldStop?.()) return result;
    const page = await listCustomers(options.pageSize ?? PAGE_SIZE, cursor);
    const counts = await inBatches(page.items, PARALLEL, async (profile) => {
      const count = await migrateCustomer(profile);
      await options.afterCustomer?.(profile.id);
      return count;
    });
    for (const count of counts) {
      result.moved += count.moved;
      result.deleted += count.deleted;
    }
    result.customers += page.items.length;
    cursor = page.nextCursor;
    await writeCheckpoint(version, cursor, cursor === null);
  } while (cursor !== null);
  result.done = true;
  return result;
}
