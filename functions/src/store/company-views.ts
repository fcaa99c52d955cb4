// What an HR user's look at one employee reads and writes: the row (by the caller's company, so
// another company's row id names nothing), the sharing employee's state from one strongly
// consistent read of their partition, and the once-a-day view record.
import type { DocumentRecord, UserTask, WorkflowRecord } from '@shared/api';
import { env } from '../config';
import { accountNotDeleted } from './accounts';
import { type Audit, withAudit } from './audit';
import { batchGet, queryAll, tryTransact } from './client';
import { type EmployeeEntry, sharingProfile } from './company-lists';
import {
  type CompanyViewMarker,
  companies,
  companyViewMarkers,
  documents,
  employeeRows,
  PARTITION_STATE_END,
  profiles,
  type StoredProfile,
  tasks,
  userPartitionKey,
  workflows,
} from './entities';

/** Whether the company exists (the admin names it by id). */
export async function companyExists(companyId: string): Promise<boolean> {
  return (await batchGet([companies.key(companyId)])).length > 0;
}

/** One row of the company (strongly consistent); null: no such row in this company. */
export async function readEmployeeRow(
  companyId: string,
  rowId: string,
): Promise<EmployeeEntry['row'] | null> {
  const [item] = await batchGet([employeeRows.key(companyId, rowId)], { consistent: true });
  return item ? employeeRows.fromItem(item) : null;
}

/** What a sharing employee's progress is built from. */
export interface SharedState {
  stored: StoredProfile;
  tasks: UserTask[];
  workflows: WorkflowRecord[];
  documents: DocumentRecord[];
}

/**
 * A sharing row's employee's state, from one strongly consistent Query of their partition up to
 * their history (never messages, notes or the audit trail); null when the profile no longer says
 * it shares through this row (stopped or deleted meanwhile).
 */
export async function readSharedState(row: EmployeeEntry['row']): Promise<SharedState | null> {
  if (row.status !== 'sharing' || !row.user_id) return null;
  const items = await queryAll({
    partition: userPartitionKey(row.user_id),
    sortBefore: PARTITION_STATE_END,
    consistent: true,
  });
  const stored = sharingProfile(row, items.find(profiles.owns));
  if (!stored) return null;
  return {
    stored,
    tasks: items.filter(tasks.owns).map(tasks.fromItem),
    workflows: items.filter(workflows.owns).map(workflows.fromItem),
    documents: items.filter(documents.owns).map(documents.fromItem),
  };
}

/**
 * Records that an HR user viewed an employee's progress on a day: the marker (put only when
 * absent) and the audit fact on the employee's trail, in one transaction. True when recorded,
 * false when the viewer's marker of the day was there already (then nothing is written).
 */
export async function recordCompanyView(marker: CompanyViewMarker, audit: Audit): Promise<boolean> {
  const put = {
    Put: {
      TableName: env.tableName,
      Item: companyViewMarkers.toItem(marker),
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
  // Nothing may appear behind an account's deletion.
  return (await tryTransact(withAudit([put, accountNotDeleted(marker.user_id)], audit))) === null;
}
