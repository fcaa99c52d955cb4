// The API's error messages: English here and in the 'apiErrors' section of the locale files
// (a test keeps them equal); error bodies carry the key so the SPA can show its own language.
export const API_ERRORS = {
  notAuthenticated: 'Not authenticated',
  accessDenied: 'Access denied',
  unknownRoute: 'Unknown route',
  notFound: 'Not found',
  userNotFound: 'User not found',
  taskNotFound: 'Task not found',
  workflowNotFound: 'Workflow not found',
  documentNotFound: 'Document not found',
  unknownDocumentType: 'Unknown document type',
  fileTooLarge: 'File is too large (max 10MB)',
  workflowClosed: 'This workflow is already completed or cancelled',
  alreadyVerified: 'This account is already verified',
  documentChangedWhileSaving: 'The document changed while it was being saved; please try again',
  documentChanged: 'The document changed meanwhile; reload and try again',
  onlySupportTasks: 'Only support tasks are completed by the team',
  adminNotDeletable: 'Admin accounts cannot be deleted here',
  contentMismatch: 'The file content does not match its format',
  bodyNotJson: 'Request body must be JSON',
  noUploadedFile: 'No uploaded file found for this upload',
  uploadUnavailable: 'This upload was already used or has expired; please upload the file again',
  uploadMismatch: 'This upload was requested for another document or file',
  invalidCursor: 'Invalid cursor',
  emailMismatch: 'Email does not match',
  deletionPending: 'A deletion request is already pending',
  taskAlreadyCompleted: 'This task is already completed',
  serviceAlreadyRequested: 'A service was already requested for this task',
  invalidInput: 'Invalid input',
  internal: 'Internal server error',
  emailInUse: 'This email address is already in use',
  actionsLockedByDeletion: 'You cannot change your account while your deletion request is pending',
  requiredDocuments: 'Required: You must upload your Passport and Employment Contract to continue.',
  refusedDeletionPending: 'You cannot perform any actions while your deletion request is pending',
  refusedNotVerified: 'Your account has not been verified yet',
  refusedPhaseLocked: 'This phase is not unlocked yet',
  refusedPreview: 'This task is a preview',
  refusedSupportOnly: 'This task is completed by our support team',
  refusedWrongAction: 'This action does not apply to this task',
  refusedAlreadyDone: 'This task was already completed or requested',
} as const;

export type ApiErrorKey = keyof typeof API_ERRORS;

const KEYS = new Map<string, ApiErrorKey>(
  Object.entries(API_ERRORS).map(([key, text]) => [text, key as ApiErrorKey]),
);

/** The locale key of an API message, if it is one of ours. */
export function apiErrorKey(message: string): string | undefined {
  const key = KEYS.get(message);
  return key ? `apiErrors.${key}` : undefined;
}
