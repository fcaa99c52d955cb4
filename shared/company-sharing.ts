// What an employee shares with their company when they consent: the consent screen lists
// exactly these, the employee view is projected from exactly these, and the data export names
// them with the consent. A change to the list is a new version; a consent records the version
// it was given to (existing consents stay: the list may only shrink without asking again).

export const COMPANY_SHARED_FIELDS = [
  'name',
  'email',
  'arrival_date',
  'target_city',
  'verification',
  'onboarding',
  'phase',
  'tasks',
  'next_task',
  'overdue',
  'service_requests',
  'documents',
] as const;
export type CompanySharedField = (typeof COMPANY_SHARED_FIELDS)[number];

/** The version of COMPANY_SHARED_FIELDS a consent is given to. */
export const COMPANY_SHARED_FIELDS_VERSION = 1;
