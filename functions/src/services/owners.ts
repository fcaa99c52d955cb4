// Owners (docs/product.md#owners): one of the support team (an admin account) owns a service
// request or a customer's conversation; none: the team as a whole. The customer reads the
// owner's first name, or "Support team", never an address, id or note.
import type { ConversationOwner, Profile, TeamMember, Workflow } from '@shared/api';
import type { Language } from '@shared/constants';
import { canChangeWorkflow } from '@shared/journey';
import type { AdminAccount } from '../edge/caller';
import { Conflict, Forbidden, Invalid, NotFound } from '../lib/errors';
import { loadCatalogue } from '../store/catalogue';
import { getStoredProfile } from '../store/profile-state';
import { listTeam, setConversationOwner } from '../store/profiles';
import { findWorkflow, setWorkflowOwner } from '../store/workflows';
import { actorOf, adminAudit } from './audit';
import { ownerName, ownerNames } from './owner-names';
import { toWorkflows } from './workflows';

/** The team for the owner picker: every admin, by name. */
export async function teamMembers(): Promise<TeamMember[]> {
  const team = await listTeam();
  return team
    .map(({ id, first_name, last_name, email }) => ({ id, first_name, last_name, email }))
    .sort((a, b) => (a.first_name ?? a.email).localeCompare(b.first_name ?? b.email));
}

/**
 * The admin an owner id names: null clears; an id of nobody is a bad request (400), one of a
 * customer is refused (403): only the team may own.
 */
async function teamMember(ownerId: string | null): Promise<Profile | null> {
  if (ownerId === null) return null;
  const stored = await getStoredProfile(ownerId);
  if (!stored) throw new Invalid('ownerUnknown');
  if (stored.role !== 'admin') throw new Forbidden('ownerNotAdmin');
  return stored.profile;
}

/** The owner's first name of the one admin named, read on its own (null: none, or no name). */
async function nameOf(ownerId: string | null | undefined): Promise<string | null> {
  return ownerId ? ((await ownerNames([ownerId])).get(ownerId) ?? null) : null;
}

/**
 * An admin sets (or clears) a service request's owner:
 * 1. the owner must be an admin (400 unknown, 403 a customer's id);
 * 2. only while the request is open (409 once completed or cancelled);
 * 3. written with its audit record (the owner's first name before and after), from the
 *    state read: a change meanwhile is a conflict.
 */
export async function changeWorkflowOwner(
  admin: AdminAccount,
  workflowId: string,
  ownerId: string | null,
  language: Language,
): Promise<Workflow> {
  const owner = await teamMember(ownerId);
  const workflow = await findWorkflow(workflowId);
  if (!workflow) throw new NotFound('workflowNotFound');
  if (!canChangeWorkflow(workflow.status)) throw new Conflict('workflowClosed');
  const [before, catalogue] = await Promise.all([nameOf(workflow.owner_id), loadCatalogue()]);
  const after = ownerName(owner);
  const changed = (workflow.owner_id ?? null) !== ownerId;
  const audit = adminAudit(actorOf(admin), workflow.user_id, 'workflow_changed', {
    target: { workflow_id: workflow.id, task_template_id: workflow.task_template_id },
    changes: changed ? [{ field: 'owner', before, after }] : [],
    fields: changed ? ['owner'] : [],
  });
  const updated = changed ? await setWorkflowOwner(workflow, ownerId, audit) : workflow;
  const names = new Map(ownerId ? [[ownerId, after]] : []);
  const [withName] = toWorkflows(catalogue, [updated], language, 'team', names);
  return withName as Workflow;
}

/**
 * An admin sets (or clears) the owner of a customer's conversation: the owner must be an
 * admin (400 / 403), the customer a customer (404); written with its audit record.
 */
export async function changeConversationOwner(
  admin: AdminAccount,
  userId: string,
  ownerId: string | null,
): Promise<ConversationOwner> {
  const owner = await teamMember(ownerId);
  const stored = await getStoredProfile(userId, { consistent: true });
  if (stored?.role !== 'customer') throw new NotFound('userNotFound');
  const current = stored.conversation_owner_id ?? null;
  if (current === ownerId) return { owner_id: ownerId };
  const audit = adminAudit(actorOf(admin), userId, 'conversation_owner_changed', {
    changes: [{ field: 'owner', before: await nameOf(current), after: ownerName(owner) }],
    fields: ['owner'],
  });
  await setConversationOwner(stored, ownerId, audit);
  return { owner_id: ownerId };
}
