import type { AuditAction, AuditChange, AuditRecord } from '@shared/api';
import { TASK_STATUSES, WORKFLOW_STATUSES } from '@shared/journey';
import type { TFunction } from 'i18next';
import { documentName } from './document-names';
import { formatCalendarDate } from './format';
import { nationalityLabel } from './nationality';
import { familyMembersLabel } from './profile-rows';

// How one audit record reads in the activity views (the admin's Activity Timeline
// and the customer's Activity on My Account), in the interface language. The record holds
// field names and stored values; the labels are the ones the forms use for the same fields.

/** The locale key of each field an admin action can change (profile, task, workflow, document). */
const FIELD_LABELS: Record<string, string> = {
  first_name: 'onboarding.details.firstName',
  last_name: 'onboarding.details.lastName',
  email: 'account.email',
  gender: 'account.gender',
  whatsapp_number: 'account.whatsapp',
  nationality: 'account.nationality',
  target_city: 'account.targetCity',
  intended_arrival_date: 'account.arrivalDate',
  entry_date: 'onboarding.details.entryDate',
  move_in_date: 'onboarding.details.moveInDate',
  family_members: 'onboarding.details.familyMembers',
  knows_address: 'admin.user.knowsAddress',
  street_address: 'onboarding.details.street',
  postal_code: 'onboarding.details.postalCode',
  city: 'onboarding.details.city',
  country: 'admin.user.country',
  status: 'activity.fields.status',
  assigned_to: 'admin.workflows.assignedTo',
  team_note: 'activity.fields.team_note',
  notes: 'activity.fields.notes',
  file_name: 'admin.documents.name',
  role: 'activity.fields.role',
  owner: 'activity.fields.owner',
};

/** A changed field's name in the interface language; a field we do not know reads as stored. */
export function fieldLabel(t: TFunction, field: string): string {
  const key = FIELD_LABELS[field];
  return key ? t(key) : field;
}

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);

/**
 * A value before or after a change, in the interface language: yes/no, a gender, a
 * nationality's name, a date (arrival, entry, move-in) as dd.MM.yyyy, who moves along, a task's or workflow's status, an
 * owner (none: the support team); anything else as stored. null: empty (nothing was there, or it was cleared).
 */
export function changeValue(t: TFunction, action: AuditAction, field: string, value: AuditChange['before']) {
  // An owner is stored by first name; none is the support team as a whole.
  if (field === 'owner') return value ? String(value) : t('messages.supportTeam');
  if (value === null || value === '') return null;
  if (typeof value === 'boolean') return t(value ? 'admin.user.yes' : 'admin.user.no');
  switch (field) {
    case 'gender':
      return value === 'male' || value === 'female' ? t(`onboarding.details.${value}`) : String(value);
    case 'nationality':
      return nationalityLabel(t, String(value));
    case 'intended_arrival_date':
    case 'entry_date':
    case 'move_in_date':
      return formatCalendarDate(String(value)) || String(value);
    case 'family_members':
      return familyMembersLabel(t, value) ?? String(value);
    case 'status':
      if (action === 'support_task_completed' && isOneOf(TASK_STATUSES, value))
        return t(`tasks.status.${value}`);
      if (action === 'workflow_changed' && isOneOf(WORKFLOW_STATUSES, value))
        return t(`workflows.status.${value}`);
      return String(value);
    default:
      return String(value);
  }
}

/**
 * What a record is about besides the account: a document's type, or the task (of a support
 * completion, or of a service request) by its name in the catalogue's texts (the `catalogue`
 * namespace: the texts the server joins to tasks). null: nothing more, or a name not loaded.
 */
export function recordSubject(t: TFunction, record: Pick<AuditRecord, 'target'>): string | null {
  const target = record.target;
  if (target?.document_type) return documentName(t, { document_type: target.document_type });
  if (target?.task_template_id) {
    const key = `tasks.${target.task_template_id}.task_name`;
    const name = t(key, { ns: 'catalogue' });
    return name && name !== key && !name.endsWith(`:${key}`) ? name : null;
  }
  return null;
}

/**
 * Who a record says acted: an admin or an HR user of the customer's company by their e-mail
 * (the team's view); in the customer's view, which has no actor, the team as "Support team"
 * and the company's HR users as "Your company"; the customer's own acts as "Customer" for the
 * team and "You" for the customer.
 */
export function actorLabel(
  t: TFunction,
  record: Pick<AuditRecord, 'by' | 'actor'>,
  viewer: 'team' | 'customer',
): string {
  if (record.by === 'customer') return t(viewer === 'team' ? 'activity.customer' : 'activity.you');
  if (record.actor) return record.actor.email;
  return t(record.by === 'company' ? 'activity.yourCompany' : 'activity.supportTeam');
}
