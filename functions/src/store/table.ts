// The key design (README 'Key design'): one table, generic key names, one GSI so far.
// Local bootstrap and the CDK data stack both build the table from this declaration.
export const TABLE_KEYS = {
  partitionKey: 'PK',
  sortKey: 'SK',
  indexes: [{ name: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' }],
  /** Epoch seconds after which DynamoDB removes an item by itself (tombstones, upload tickets). */
  timeToLive: 'expires_at',
} as const;

export const keys = {
  user: (userId: string) => `USER#${userId}`,
  profile: () => 'PROFILE',
  /** GSI1 partition holding every customer profile (admins are left out: sparse index). */
  customers: () => 'CUSTOMERS',
  customersSort: (createdAt: string, userId: string) => `${createdAt}#${userId}`,
  /** One document per type and user: a new upload of a type replaces the old one. */
  document: (type: string) => `DOC#${type}`,
  documentPrefix: () => 'DOC#',
  /** GSI1 entry to find a document by its id (admin routes). */
  documentById: (documentId: string) => `DOCID#${documentId}`,
  /** One task per template and user: creating it twice is impossible by key. */
  task: (templateId: string) => `TASK#${templateId}`,
  taskPrefix: () => 'TASK#',
  taskById: (taskId: string) => `TASKID#${taskId}`,
  workflow: (workflowId: string) => `WORKFLOW#${workflowId}`,
  workflowPrefix: () => 'WORKFLOW#',
  workflowById: (workflowId: string) => `WORKFLOWID#${workflowId}`,
  /** At most one pending deletion request per user. */
  deletionRequest: () => 'DELETION_REQUEST',
  pendingDeletions: () => 'DELETION_REQUESTS#pending',
  /** GSI1 sort key of items found by id alone. */
  byIdSort: () => 'ITEM',
  catalogue: () => 'CATALOGUE',
  /** An issued upload (ticket): what it may become, confirmed at most once. */
  upload: (uploadId: string) => `UPLOAD#${uploadId}`,
  uploadPrefix: () => 'UPLOAD#',
  /**
   * Left by an account deletion, outside the user's partition: refuses tokens issued before
   * it until they have long expired. Holds the opaque id and two timestamps, nothing personal.
   */
  tombstone: (userId: string) => `DELETED#${userId}`,
  tombstoneSort: () => 'TOMBSTONE',
};
