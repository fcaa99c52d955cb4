import type { CompletionType, WorkflowType } from './journey';
import type { DueRule, PlanCity, TaskCondition } from './plan';

// The relocation catalogue: phases and task templates. Structure lives here; the texts
// (English and German) live in shared/locales/<lng>/catalogue.json under the same keys.
// Seeded idempotently into DynamoDB at local start and at deploy.

export interface PhaseDefinition {
  id: string;
  phase_name: string;
  phase_order: number;
  /** null: always unlocked (before_arrival). */
  unlock_days_after_arrival: number | null;
}

export interface TaskTemplateDefinition {
  id: string;
  phase_id: string;
  task_order: number;
  completion_type: CompletionType;
  /**
   * The workflow a service request from this task opens (docs/product.md#service-requests);
   * null for the other completion types. Declared, not derived from the task's name, so that
   * renaming a task cannot change its service.
   */
  service_type: WorkflowType | null;
  requires_flow: boolean;
  is_active: boolean;
  /** Whom the task applies to (docs/product.md#the-plan); absent: everyone. */
  applies_to?: TaskCondition;
  /** When it is due, first matching rule first; absent: no due date. */
  due?: readonly DueRule[];
  /** The official pages its facts were checked against, with the day they were checked. */
  sources: readonly TaskSource[];
  /** Cities whose notes the locale files hold for this task (`tasks.<id>.city_notes.<city>`). */
  city_notes: readonly PlanCity[];
}

export interface TaskSource {
  url: string;
  /** YYYY-MM-DD */
  checked: string;
}

/** What a template adds to its structure: whom it applies to, when it is due, its sources. */
type Content = Pick<TaskTemplateDefinition, 'applies_to' | 'due' | 'sources' | 'city_notes'>;

export const PHASES: readonly PhaseDefinition[] = [
  { id: 'before_arrival', phase_name: 'before_arrival', phase_order: 1, unlock_days_after_arrival: null },
  { id: 'arrival', phase_name: 'arrival', phase_order: 2, unlock_days_after_arrival: 0 },
  { id: 'settling_in', phase_name: 'settling_in', phase_order: 3, unlock_days_after_arrival: 14 },
  { id: 'long_term', phase_name: 'long_term', phase_order: 4, unlock_days_after_arrival: 60 },
];

/** A task the customer or the team completes. */
const task = (
  id: string,
  phase_id: string,
  task_order: number,
  completion_type: Exclude<CompletionType, 'service_request'>,
  content: Content,
): TaskTemplateDefinition => ({
  ...content,
  id,
  phase_id,
  task_order,
  completion_type,
  service_type: null,
  requires_flow: false,
  is_active: true,
});

/** A task completed through a service request of the given type. */
const serviceTask = (
  id: string,
  phase_id: string,
  task_order: number,
  service_type: WorkflowType,
  content: Content,
): TaskTemplateDefinition => ({
  ...content,
  id,
  phase_id,
  task_order,
  completion_type: 'service_request',
  service_type,
  requires_flow: true,
  is_active: true,
});

// Each source carries the day its facts were last checked against it (docs/product.md#the-plan
// lists them): RECHECKED where the page was read again before a figure was quoted, REVIEWED
// where the content review's check is the latest.
const RECHECKED = '2026-11-25';
const REVIEWED = '2026-11-01';
const src = (checked: string, ...urls: string[]): TaskSource[] => urls.map((url) => ({ url, checked }));
const NON_EU = { groups: ['visa_free', 'visa_required'] } as const satisfies TaskCondition;
const days = (from: DueRule['from'], offset_days: number, extra: Partial<DueRule> = {}): DueRule =>
  ({ from, kind: 'days', offset_days, ...extra }) as DueRule;
const none: Content = { sources: [], city_notes: [] };

export const TASK_TEMPLATES: readonly TaskTemplateDefinition[] = [
  task('check_route', 'before_arrival', 1, 'user_self_complete', {
    applies_to: NON_EU,
    due: [days('entry_date', -120)],
    sources: [
      ...src(REVIEWED, 'https://www.make-it-in-germany.com/en/visa-residence/types/eu-blue-card'),
      ...src(RECHECKED, 'https://stadt.muenchen.de/service/en-GB/info/10422633'),
    ],
    city_notes: [],
  }),
  task('qualification_recognition', 'before_arrival', 2, 'user_self_complete', {
    due: [days('entry_date', -120)],
    sources: src(
      REVIEWED,
      'https://zab.kmk.org/en/statement-of-comparability/faq',
      'https://www.anerkennung-in-deutschland.de',
    ),
    city_notes: [],
  }),
  serviceTask('health_insurance', 'before_arrival', 3, 'health_insurance', {
    // The visa appointment asks for proof of cover from the day of entry; everyone else needs
    // cover from the day of entry.
    due: [days('entry_date', -90, { groups: ['visa_required'] }), days('entry_date', 0)],
    sources: src(RECHECKED, 'https://daressalam.diplo.de/tz-en/service/-/2644764'),
    city_notes: [],
  }),
  task('work_visa', 'before_arrival', 4, 'user_self_complete', {
    applies_to: { groups: ['visa_required'] },
    due: [days('entry_date', -90)],
    sources: src(
      REVIEWED,
      'https://digital.diplo.de',
      'https://allemagneenfrance.diplo.de/fr-de/service/visa/-/2541374',
    ),
    city_notes: [],
  }),
  task('family_reunion', 'before_arrival', 5, 'user_self_complete', {
    applies_to: { groups: ['visa_required'], family: 'family' },
    due: [days('entry_date', -90)],
    sources: src(REVIEWED, 'https://digital.diplo.de'),
    city_notes: [],
  }),
  task('document_review', 'before_arrival', 6, 'support_team_complete', none),
  task('first_accommodation', 'before_arrival', 7, 'user_self_complete', {
    due: [days('entry_date', -30)],
    sources: src(REVIEWED, 'https://stadt.muenchen.de/service/en-GB/info/10230093'),
    city_notes: [],
  }),
  serviceTask('bank_account', 'before_arrival', 8, 'bank_account', none),
  serviceTask('esim_card', 'before_arrival', 9, 'esim_card', none),
  task('travel_documents', 'before_arrival', 10, 'user_self_complete', none),

  task('emergency_numbers', 'arrival', 1, 'user_self_complete', {
    due: [days('entry_date', 0)],
    sources: src(REVIEWED, 'https://www.116117.de'),
    city_notes: [],
  }),
  task('address_registration', 'arrival', 2, 'user_self_complete', {
    due: [days('move_in_date', 14, { legal_basis: '§ 17 (1) BMG' })],
    sources: src(
      RECHECKED,
      'https://www.gesetze-im-internet.de/bmg/__17.html',
      'https://www.berlin.de/willkommenszentrum/ankommen/meldepflicht/',
    ),
    city_notes: ['berlin', 'munich', 'hamburg', 'frankfurt'],
  }),
  task('residence_permit', 'arrival', 3, 'user_self_complete', {
    applies_to: NON_EU,
    due: [
      days('entry_date', 90, { groups: ['visa_free'], legal_basis: '§ 41 (3) AufenthV' }),
      days('move_in_date', 14),
    ],
    sources: [
      ...src(
        RECHECKED,
        'https://www.gesetze-im-internet.de/aufenthv/__41.html',
        'https://stadt.muenchen.de/service/en-GB/info/10422633',
        'https://www.hamburg.com/welcome/entry-residence/immigration-registration-offices/11746008/districts/',
        'https://frankfurt.de/auslaenderangelegenheiten/faq',
      ),
      ...src(REVIEWED, 'https://www.berlin.de/einwanderung/ueber-uns/aktuelles/artikel.1377922.php'),
    ],
    city_notes: ['berlin', 'munich', 'hamburg', 'frankfurt'],
  }),
  task('broadcasting_fee', 'arrival', 4, 'user_self_complete', {
    due: [{ from: 'move_in_date', kind: 'end_of_month' }],
    sources: src(RECHECKED, 'https://www.bayernportal.de/dokumente/leistung/3319892760231'),
    city_notes: [],
  }),
  task('tax_id', 'arrival', 5, 'user_self_complete', {
    due: [days('move_in_date', 90)],
    sources: src(RECHECKED, 'https://www.hamburg.com/publicservice/info/11949716/n0/'),
    city_notes: [],
  }),
  task('social_security', 'arrival', 6, 'support_team_complete', none),
  task('tax_class', 'arrival', 7, 'user_self_complete', {
    due: [days('move_in_date', 30)],
    sources: src(REVIEWED, 'https://www.bzst.de'),
    city_notes: [],
  }),
  task('kita_place', 'arrival', 8, 'user_self_complete', {
    applies_to: { family: 'children' },
    due: [days('move_in_date', 14)],
    sources: src(REVIEWED, 'https://familienportal.de'),
    city_notes: [],
  }),
  task('child_benefit', 'arrival', 9, 'user_self_complete', {
    applies_to: { family: 'children' },
    due: [days('move_in_date', 30)],
    sources: [
      ...src(RECHECKED, 'https://www.gesetze-im-internet.de/estg/__70.html'),
      ...src(REVIEWED, 'https://www.arbeitsagentur.de/familie-und-kinder/kindergeld-beantragen'),
    ],
    city_notes: [],
  }),

  serviceTask('liability_insurance', 'settling_in', 1, 'liability_insurance', none),
  task('payroll_details', 'settling_in', 2, 'support_team_complete', none),
  task('family_doctor', 'settling_in', 3, 'user_self_complete', none),
  task('language_course', 'settling_in', 4, 'user_self_complete', {
    due: [days('entry_date', 60)],
    sources: src(
      REVIEWED,
      'https://www.bamf.de/EN/Themen/Integration/ZugewanderteTeilnehmende/Integrationskurse/integrationskurse-node.html',
    ),
    city_notes: [],
  }),

  serviceTask('plan_your_future', 'long_term', 1, 'financial_planning', none),
  task('driving_licence', 'long_term', 2, 'user_self_complete', {
    applies_to: NON_EU,
    due: [days('entry_date', 150)],
    sources: src(
      RECHECKED,
      'https://www.gesetze-im-internet.de/fev_2010/__29.html',
      'https://service.bremen.de/dienstleistungen/auslaendischen-fuehrerschein-umschreiben-anlage-11-fev-123369',
    ),
    city_notes: [],
  }),
  task('tax_return', 'long_term', 3, 'user_self_complete', {
    due: [{ from: 'entry_date', kind: 'july_31_next_year', legal_basis: '§ 149 (2) AO' }],
    sources: src(RECHECKED, 'https://www.gesetze-im-internet.de/ao_1977/__149.html'),
    city_notes: [],
  }),
  task('blue_card_changes', 'long_term', 4, 'user_self_complete', {
    applies_to: NON_EU,
    sources: src(RECHECKED, 'https://india.diplo.de/in-en/-/2673184'),
    city_notes: [],
  }),
  task('settlement_permit', 'long_term', 5, 'user_self_complete', {
    applies_to: NON_EU,
    sources: src(
      REVIEWED,
      'https://www.stadt-muenster.de/en/aufenthaltsrecht/settlement-permit/eu-blue-card',
    ),
    city_notes: [],
  }),
  task('naturalisation', 'long_term', 6, 'user_self_complete', {
    applies_to: NON_EU,
    due: [{ from: 'entry_date', kind: 'months', offset_months: 60, legal_basis: '§ 10 (1) StAG' }],
    sources: src(REVIEWED, 'https://www.gesetze-im-internet.de/stag/__10.html'),
    city_notes: [],
  }),
  task('relocation_check_in', 'long_term', 7, 'support_team_complete', none),
];
