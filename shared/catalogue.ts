import type { CompletionType, WorkflowType } from './journey';

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
}

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
): TaskTemplateDefinition => ({
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
): TaskTemplateDefinition => ({
  id,
  phase_id,
  task_order,
  completion_type: 'service_request',
  service_type,
  requires_flow: true,
  is_active: true,
});

export const TASK_TEMPLATES: readonly TaskTemplateDefinition[] = [
  task('work_visa', 'before_arrival', 1, 'user_self_complete'),
  task('document_review', 'before_arrival', 2, 'support_team_complete'),
  serviceTask('health_insurance', 'before_arrival', 3, 'health_insurance'),
  serviceTask('esim_card', 'before_arrival', 4, 'esim_card'),
  task('first_accommodation', 'before_arrival', 5, 'user_self_complete'),
  task('travel_documents', 'before_arrival', 6, 'user_self_complete'),

  task('address_registration', 'arrival', 1, 'user_self_complete'),
  serviceTask('bank_account', 'arrival', 2, 'bank_account'),
  task('tax_id', 'arrival', 3, 'user_self_complete'),
  task('social_security', 'arrival', 4, 'support_team_complete'),
  task('broadcasting_fee', 'arrival', 5, 'user_self_complete'),

  task('residence_permit', 'settling_in', 1, 'user_self_complete'),
  serviceTask('liability_insurance', 'settling_in', 2, 'liability_insurance'),
  task('payroll_details', 'settling_in', 3, 'support_team_complete'),
  task('family_doctor', 'settling_in', 4, 'user_self_complete'),

  serviceTask('plan_your_future', 'long_term', 1, 'financial_planning'),
  task('language_course', 'long_term', 2, 'user_self_complete'),
  task('driving_licence', 'long_term', 3, 'user_self_complete'),
  task('relocation_check_in', 'long_term', 4, 'support_team_complete'),
];
