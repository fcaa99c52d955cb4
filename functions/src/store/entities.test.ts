// The key design (README 'Key design') as the entity layer stores it: every entity's table
// and index keys, records that survive a trip through the table, and no key attribute ever
// leaking into a record.
import { describe, expect, it } from 'vitest';
import {
  deletionRequest,
  document,
  NOW,
  NOW_SECONDS,
  profile,
  task,
  catalogue as testCatalogue,
  ticket,
  USER,
  workflow,
} from '../test-fixtures';
import {
  CATALOGUE,
  CUSTOMER_LIST,
  deletionMarkers,
  deletionRequests,
  documentById,
  documents,
  type Item,
  PENDING_DELETIONS,
  phases,
  profiles,
  type StoredProfile,
  type Tombstone,
  taskById,
  tasks,
  taskTemplates,
  tombstones,
  uploadTickets,
  userPartitionKey,
  workflowById,
  workflows,
} from './entities';
import { KEY_ATTRIBUTES, TABLE_KEYS } from './table';

const KEYS = ['PK', 'SK', 'GSI1PK', 'GSI1SK'];
const keysOf = (item: Item) => Object.fromEntries(KEYS.filter((k) => k in item).map((k) => [k, item[k]]));

const c = testCatalogue();
const phase = c.phases[2];
const template = c.templates[0];
if (!phase || !template) throw new Error('catalogue fixture is empty');

const customerProfile: StoredProfile = { profile: profile(), role: 'customer' };
const adminProfile: StoredProfile = { profile: profile({ id: 'admin-1' }), role: 'admin' };
const tombstone: Tombstone = { user_id: USER, deleted_at: NOW, expires_at: NOW_SECONDS + 86_400 };
const marker = { user_id: USER, deleted_at: NOW };

describe('the table', () => {
  it('has generic keys, one GSI and the TTL attribute', () => {
    expect(TABLE_KEYS).toEqual({
      partitionKey: 'PK',
      sortKey: 'SK',
      indexes: [{ name: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' }],
      timeToLive: 'expires_at',
    });
    expect([...KEY_ATTRIBUTES].sort()).toEqual([...KEYS].sort());
  });
});

describe('keys of each entity (README key design)', () => {
  it('profile of a customer: USER#<id> / PROFILE, listed under CUSTOMERS by <created_at>#<id>', () => {
    const p = customerProfile.profile;
    expect(keysOf(profiles.toItem(customerProfile))).toEqual({
      PK: `USER#${USER}`,
      SK: 'PROFILE',
      GSI1PK: 'CUSTOMERS',
      GSI1SK: `${p.created_at}#${USER}`,
    });
    expect(CUSTOMER_LIST).toBe('CUSTOMERS');
    expect(profiles.key(USER)).toEqual({ PK: `USER#${USER}`, SK: 'PROFILE' });
  });

  it('profile of an admin: same table key, no index keys at all (left out of the customer list)', () => {
    const item = profiles.toItem(adminProfile);
    expect(keysOf(item)).toEqual({ PK: 'USER#admin-1', SK: 'PROFILE' });
    expect('GSI1PK' in item || 'GSI1SK' in item).toBe(false);
  });

  it('the role is stored beside the profile attributes, not as profile data', () => {
    expect(profiles.toItem(customerProfile)).toEqual({
      ...customerProfile.profile,
      role: 'customer',
      PK: `USER#${USER}`,
      SK: 'PROFILE',
      GSI1PK: 'CUSTOMERS',
      GSI1SK: `${customerProfile.profile.created_at}#${USER}`,
    });
    expect(profiles.toItem(adminProfile).role).toBe('admin');
  });

  it("deletion marker: USER#<id> / DELETING, the tombstone's twin inside the partition, nothing personal", () => {
    expect(deletionMarkers.toItem(marker)).toEqual({
      PK: `USER#${USER}`,
      SK: 'DELETING',
      deleted_at: marker.deleted_at,
    });
    expect(deletionMarkers.key(USER)).toEqual(deletionMarkers.keyOf(marker));
    expect(deletionMarkers.fromItem(deletionMarkers.toItem(marker))).toEqual(marker);
  });

  it('document: USER#<id> / DOC#<type>, found by DOCID#<id> / ITEM', () => {
    const d = document({ id: 'doc-5', document_type: 'employment_contract' });
    expect(keysOf(documents.toItem(d))).toEqual({
      PK: `USER#${USER}`,
      SK: 'DOC#employment_contract',
      GSI1PK: 'DOCID#doc-5',
      GSI1SK: 'ITEM',
    });
    expect(documents.key(USER, 'employment_contract')).toEqual(documents.keyOf(d));
    expect(documentById('doc-5')).toBe('DOCID#doc-5');
  });

  it('task: USER#<id> / TASK#<template>, found by TASKID#<id> / ITEM', () => {
    const t = task('tax_id', { id: 'task-9' });
    expect(keysOf(tasks.toItem(t))).toEqual({
      PK: `USER#${USER}`,
      SK: 'TASK#tax_id',
      GSI1PK: 'TASKID#task-9',
      GSI1SK: 'ITEM',
    });
    expect(tasks.key(USER, 'tax_id')).toEqual(tasks.keyOf(t));
    expect(taskById('task-9')).toBe('TASKID#task-9');
  });

  it('workflow: USER#<id> / WORKFLOW#<id>, found by WORKFLOWID#<id> / ITEM', () => {
    const w = workflow({ id: 'wf-3' });
    expect(keysOf(workflows.toItem(w))).toEqual({
      PK: `USER#${USER}`,
      SK: 'WORKFLOW#wf-3',
      GSI1PK: 'WORKFLOWID#wf-3',
      GSI1SK: 'ITEM',
    });
    expect(workflows.key(USER, 'wf-3')).toEqual(workflows.keyOf(w));
    expect(workflowById('wf-3')).toBe('WORKFLOWID#wf-3');
  });

  it('deletion request: USER#<id> / DELETION_REQUEST, listed under DELETION_REQUESTS#pending by <requested_at>#<user>', () => {
    const r = deletionRequest({ requested_at: NOW });
    expect(keysOf(deletionRequests.toItem(r))).toEqual({
      PK: `USER#${USER}`,
      SK: 'DELETION_REQUEST',
      GSI1PK: 'DELETION_REQUESTS#pending',
      GSI1SK: `${NOW}#${USER}`,
    });
    expect(PENDING_DELETIONS).toBe('DELETION_REQUESTS#pending');
    expect(deletionRequests.key(USER)).toEqual({ PK: `USER#${USER}`, SK: 'DELETION_REQUEST' });
  });

  it('upload ticket: USER#<id> / UPLOAD#<upload id>, not indexed, with its TTL', () => {
    const t = ticket();
    const item = uploadTickets.toItem(t);
    expect(keysOf(item)).toEqual({ PK: `USER#${USER}`, SK: `UPLOAD#${t.upload_id}` });
    expect(item.expires_at).toBe(t.expires_at);
    expect(uploadTickets.key(USER, t.upload_id)).toEqual(uploadTickets.keyOf(t));
  });

  it('tombstone: DELETED#<id> / TOMBSTONE outside the partition, only deleted_at and the TTL expires_at (the id is in the key)', () => {
    expect(tombstones.toItem(tombstone)).toEqual({
      PK: `DELETED#${USER}`,
      SK: 'TOMBSTONE',
      deleted_at: NOW,
      expires_at: NOW_SECONDS + 86_400,
    });
    expect(tombstones.key(USER)).toEqual({ PK: `DELETED#${USER}`, SK: 'TOMBSTONE' });
  });

  it('catalogue: CATALOGUE / PHASE#<order>#<id> and CATALOGUE / TEMPLATE#<id>, not indexed', () => {
    expect(keysOf(phases.toItem(phase))).toEqual({ PK: 'CATALOGUE', SK: `PHASE#3#${phase.id}` });
    expect(phases.key(phase)).toEqual(phases.keyOf(phase));
    expect(keysOf(taskTemplates.toItem(template))).toEqual({
      PK: 'CATALOGUE',
      SK: `TEMPLATE#${template.id}`,
    });
    expect(taskTemplates.key(template.id)).toEqual(taskTemplates.keyOf(template));
    expect(CATALOGUE).toBe('CATALOGUE');
    // Stored with their kind, as the first deployments seeded them; records never carry it.
    expect(phases.toItem(phase).kind).toBe('phase');
    expect(taskTemplates.toItem(template).kind).toBe('template');
    expect(phases.fromItem(phases.toItem(phase))).not.toHaveProperty('kind');
    expect(taskTemplates.fromItem(taskTemplates.toItem(template))).not.toHaveProperty('kind');
  });

  it("every user item lives in the user's partition", () => {
    expect(userPartitionKey(USER)).toBe(`USER#${USER}`);
  });
});

describe('records survive a trip through the table', () => {
  it('profile (customer and admin), with the role beside the profile', () => {
    expect(profiles.fromItem(profiles.toItem(customerProfile))).toEqual(customerProfile);
    expect(profiles.fromItem(profiles.toItem(adminProfile))).toEqual(adminProfile);
    const { profile: back } = profiles.fromItem(profiles.toItem(adminProfile));
    expect('role' in back).toBe(false);
  });

  it('a profile stored without a role reads as a customer', () => {
    const { role: _role, ...legacy } = profiles.toItem(customerProfile);
    expect(profiles.fromItem(legacy)).toEqual(customerProfile);
  });

  it.each([
    ['document', () => documents.fromItem(documents.toItem(document())), document()],
    ['task', () => tasks.fromItem(tasks.toItem(task('work_visa'))), task('work_visa')],
    ['workflow', () => workflows.fromItem(workflows.toItem(workflow())), workflow()],
    [
      'deletion request',
      () => deletionRequests.fromItem(deletionRequests.toItem(deletionRequest({ reason: 'r' }))),
      deletionRequest({ reason: 'r' }),
    ],
    [
      'upload ticket (claimed)',
      () => uploadTickets.fromItem(uploadTickets.toItem(ticket({ claimed_at: NOW }))),
      ticket({ claimed_at: NOW }),
    ],
    ['phase', () => phases.fromItem(phases.toItem(phase)), phase],
    ['task template', () => taskTemplates.fromItem(taskTemplates.toItem(template)), template],
  ])('%s', (_what, trip, original) => {
    expect(trip()).toEqual(original);
  });

  it('tombstone', () => {
    expect(tombstones.fromItem(tombstones.toItem(tombstone))).toEqual(tombstone);
  });
});

describe('fromItem never returns a key attribute', () => {
  const stored: [string, Item, (item: Item) => unknown][] = [
    ['profile', profiles.toItem(customerProfile), (i) => profiles.fromItem(i).profile],
    ['document', documents.toItem(document()), documents.fromItem],
    ['task', tasks.toItem(task('work_visa')), tasks.fromItem],
    ['workflow', workflows.toItem(workflow()), workflows.fromItem],
    ['deletion request', deletionRequests.toItem(deletionRequest()), deletionRequests.fromItem],
    ['upload ticket', uploadTickets.toItem(ticket()), uploadTickets.fromItem],
    ['tombstone', tombstones.toItem(tombstone), tombstones.fromItem],
    ['phase', phases.toItem(phase), phases.fromItem],
    ['task template', taskTemplates.toItem(template), taskTemplates.fromItem],
  ];

  it.each(stored)('%s', (_what, item, fromItem) => {
    // Index keys too, even on an item that should carry none (a stale or foreign attribute).
    const record = fromItem({ GSI1PK: 'X', GSI1SK: 'Y', ...item }) as Item;
    for (const key of KEYS) expect(record).not.toHaveProperty(key);
  });

  it('not in the profile stored beside its role either', () => {
    const back = profiles.fromItem(profiles.toItem(customerProfile));
    expect(Object.keys(back).sort()).toEqual(['profile', 'role']);
    for (const key of [...KEYS, 'role']) expect(back.profile).not.toHaveProperty(key);
  });
});

describe('owns: which items of a partition read are which entity', () => {
  const items = [
    profiles.toItem(customerProfile),
    documents.toItem(document()),
    tasks.toItem(task('work_visa')),
    workflows.toItem(workflow()),
    deletionRequests.toItem(deletionRequest()),
    uploadTickets.toItem(ticket()),
    deletionMarkers.toItem(marker),
  ];
  it.each([
    ['profiles', profiles, 'PROFILE'],
    ['documents', documents, 'DOC#passport'],
    ['tasks', tasks, 'TASK#work_visa'],
    ['workflows', workflows, 'WORKFLOW#wf-1'],
    ['deletion requests', deletionRequests, 'DELETION_REQUEST'],
    ['upload tickets', uploadTickets, `UPLOAD#${ticket().upload_id}`],
    ['deletion markers', deletionMarkers, 'DELETING'],
  ] as const)('%s own exactly their items', (_what, entity, sk) => {
    expect(items.filter((i) => entity.owns(i)).map((i) => i.SK)).toEqual([sk]);
  });

  it('the catalogue tells phases from templates, and a tombstone is its own', () => {
    const catalogueItems = [phases.toItem(phase), taskTemplates.toItem(template)];
    expect(catalogueItems.filter(phases.owns)).toHaveLength(1);
    expect(catalogueItems.filter(taskTemplates.owns)).toHaveLength(1);
    expect(tombstones.owns(tombstones.toItem(tombstone))).toBe(true);
    expect(tombstones.owns(profiles.toItem(customerProfile))).toBe(false);
  });
});
