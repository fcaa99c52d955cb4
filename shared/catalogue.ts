import type { CompletionType } from './journey';

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
  requires_flow: boolean;
  is_active: boolean;
}

export const PHASES: readonly PhaseDefinition[] = [
  { id: 'before_arrival', phase_name: 'before_arrival', phase_order: 1, unlock_days_after_arrival: null },
  { id: 'arrival', phase_name: 'arrival', phase_order: 2, unlock_days_after_arrival: 0 },
  { id: 'settling_in', phase_name: 'settling_in', phase_order: 3, unlock_days_after_arrival: 14 },
  { id: 'long_term', phase_name: 'long_term', phase_order: 4, unlock_days_after_arrival: 60 },
];

const task = (
  id: string,
  phase_id: string,
  task_order: number,
  completion_type: CompletionType,
): TaskTemplateDefinition => ({
  id,
  phase_id,
  task_order,
  completion_type,
  requires_flow: completion_type === 'service_request',
  is_active: true,
});

export const TASK_TEMPLATES: readonly TaskTemplateDefinition[] = [
  task('work_visa', 'before_arrival', 1, 'user_self_complete'),
  task('document_review', 'before_arrival', 2, 'support_team_complete'),
  task('health_insurance', 'before_arrival', 3, 'service_request'),
  task('esim_card', 'before_arrival', 4, 'service_request'),
  task('first_accommodation', 'before_arrival', 5, 'user_self_complete'),
  task('travel_documents', 'before_arrival', 6, 'user_self_complete'),

  task('address_registration', 'arrival', 1, 'user_self_complete'),
  task('bank_account', 'arrival', 2, 'service_request'),
  task('tax_id', 'arrival', 3, 'user_self_complete'),
  task('social_security', 'arrival', 4, 'support_team_complete'),
  task('broadcasting_fee', 'arrival', 5, 'user_self_complete'),

  task('residence_permit', 'settling_in', 1, 'user_self_complete'),
  task('liability_insurance', 'settling_in', 2, 'service_request'),
  task('payroll_details', 'settling_in', 3, 'support_team_complete'),
  task('family_doctor', 'settling_in', 4, 'user_self_complete'),

  task('plan_your_future', 'long_term', 1, 'service_request'),
  task('language_course', 'long_term', 2, 'user_self_complete'),
  task('driving_licence', 'long_term', 3, 'user_self_complete'),
  task('relocation_check_in', 'long_term', 4, 'support_team_complete'),
];
