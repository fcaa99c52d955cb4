import { AUDIT_ACTIONS } from '@shared/api';
import de from '@shared/locales/de/translation.json';
import en from '@shared/locales/en/translation.json';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { actorLabel, changeValue, fieldLabel, recordSubject } from './activity';

// A t() that shows which key (and namespace) was asked for. i18next brands TFunction, so a
// plain function becomes one only by way of unknown.
const t = ((key: string, options?: { ns?: string }) =>
  options?.ns ? `${options.ns}:${key}` : key) as unknown as TFunction;

describe('an audit record in the activity views', () => {
  it("names fields by the forms' labels, and an unknown one as stored", () => {
    expect(fieldLabel(t, 'target_city')).toBe('account.targetCity');
    expect(fieldLabel(t, 'last_name')).toBe('onboarding.details.lastName');
    expect(fieldLabel(t, 'team_note')).toBe('activity.fields.team_note');
    expect(fieldLabel(t, 'something_new')).toBe('something_new');
  });

  it('shows values in the interface language, and nothing or an empty text as empty', () => {
    expect(changeValue(t, 'profile_edited', 'target_city', 'Hamburg')).toBe('Hamburg');
    expect(changeValue(t, 'profile_edited', 'target_city', null)).toBeNull();
    expect(changeValue(t, 'profile_edited', 'street_address', '')).toBeNull();
    expect(changeValue(t, 'profile_edited', 'knows_address', true)).toBe('admin.user.yes');
    expect(changeValue(t, 'profile_edited', 'knows_address', false)).toBe('admin.user.no');
    expect(changeValue(t, 'profile_edited', 'gender', 'female')).toBe('onboarding.details.female');
    expect(changeValue(t, 'profile_edited', 'nationality', 'German')).toBe('nationalities:de');
    expect(changeValue(t, 'profile_edited', 'intended_arrival_date', '2027-03-01')).toBe('01.03.2027');
    expect(changeValue(t, 'profile_edited', 'entry_date', '2027-03-02')).toBe('02.03.2027');
    expect(changeValue(t, 'profile_edited', 'move_in_date', '2027-03-15')).toBe('15.03.2027');
    expect(changeValue(t, 'profile_edited', 'family_members', 'children')).toBe(
      'onboarding.details.family.children',
    );
  });

  it("reads a status as the task's or the workflow's, by the action", () => {
    expect(changeValue(t, 'support_task_completed', 'status', 'completed')).toBe('tasks.status.completed');
    expect(changeValue(t, 'workflow_changed', 'status', 'cancelled')).toBe('workflows.status.cancelled');
    expect(changeValue(t, 'workflow_changed', 'status', 'unheard_of')).toBe('unheard_of');
  });

  it("names the document by its type and the task by the catalogue's text", () => {
    expect(recordSubject(t, { target: { document_type: 'passport', document_id: 'd-1' } })).toBe(
      'onboarding.documents.types.passport.title',
    );
    // A type beyond onboarding's three has no onboarding card: its name is the document type's.
    expect(recordSubject(t, { target: { document_type: 'national_visa', document_id: 'd-2' } })).toBe(
      'documentTypes.national_visa',
    );
    const named = ((key: string) =>
      key === 'tasks.esim_card.task_name' ? 'Order your eSIM card' : key) as TFunction;
    expect(recordSubject(named, { target: { workflow_id: 'w-1', task_template_id: 'esim_card' } })).toBe(
      'Order your eSIM card',
    );
    // Not loaded (yet), or not in the catalogue: no name rather than a key.
    const missing = ((key: string) => key) as TFunction;
    expect(recordSubject(missing, { target: { task_template_id: 'gone' } })).toBeNull();
    expect(recordSubject(t, { target: null })).toBeNull();
  });
});

describe('who acted, and what', () => {
  it("an admin by their e-mail for the team; the team as one for the customer; the customer's own acts as theirs", () => {
    const admin = { by: 'team' as const, actor: { id: 'admin-1', email: 'admin@example.com' } };
    expect(actorLabel(t, admin, 'team')).toBe('admin@example.com');
    expect(actorLabel(t, { by: 'team', actor: null }, 'customer')).toBe('activity.supportTeam');
    expect(actorLabel(t, { by: 'customer', actor: null }, 'team')).toBe('activity.customer');
    expect(actorLabel(t, { by: 'customer', actor: null }, 'customer')).toBe('activity.you');
  });

  it("an HR user of the customer's company by their e-mail for the team, as the company for the customer", () => {
    const hr = { by: 'company' as const, actor: { id: 'hr-1', email: 'hr@acme.example' } };
    expect(actorLabel(t, hr, 'team')).toBe('hr@acme.example');
    expect(actorLabel(t, { by: 'company', actor: null }, 'customer')).toBe('activity.yourCompany');
    expect([en.activity.yourCompany, de.activity.yourCompany]).toEqual(['Your company', 'Ihr Unternehmen']);
  });

  it('every recorded action has its label in English and German', () => {
    for (const action of AUDIT_ACTIONS) {
      expect(en.activity.actions[action], action).toMatch(/\S/);
      expect(de.activity.actions[action], action).toMatch(/\S/);
    }
    expect([en.activity.actions.service_withdrawn, de.activity.actions.service_withdrawn]).toEqual([
      'Service request withdrawn',
      'Serviceanfrage zurückgezogen',
    ]);
  });
});
