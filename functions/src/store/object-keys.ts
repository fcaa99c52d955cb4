// The documents bucket's key design (README 'Key design'). The CDK data stack's lifecycle
// rule and the upload routes' IAM grants are built from INCOMING_PREFIX too.

/**
 * Presigned uploads land here first and move to their final key only once confirmed and
 * checked; a lifecycle rule expires whatever is never confirmed.
 */
export const INCOMING_PREFIX = 'incoming/';
/** Days an unconfirmed upload stays in the staging prefix. */
export const INCOMING_EXPIRY_DAYS = 1;

/** Data exports (GDPR Art. 15/20) wait here for their short-lived link; a lifecycle rule expires them. */
export const EXPORTS_PREFIX = 'exports/';
/** Days an export archive is kept. */
export const EXPORT_EXPIRY_DAYS = 1;

export const objectKeys = {
  /** A customer's document (docs/product.md#documents): {userId}/{random id}.{ext}. */
  upload: (userId: string, uploadId: string, ext: string) => `${userId}/${uploadId}.${ext}`,
  /** An admin's replacement (docs/product.md#documents): {userId}/{document_type}_{timestamp}.{ext}. */
  replacement: (userId: string, documentType: string, timestamp: string, ext: string) =>
    `${userId}/${documentType}_${timestamp}.${ext}`,
  /** Where a user's final files (uploads and replacements) live. */
  userFolder: (userId: string) => `${userId}/`,
  /** Everything of one user: final files, staged uploads, data exports. */
  userPrefixes: (userId: string) => [
    `${userId}/`,
    `${INCOMING_PREFIX}${userId}/`,
    `${EXPORTS_PREFIX}${userId}/`,
  ],
  /** A customer's data export archive. */
  dataExport: (userId: string, exportId: string) => `${EXPORTS_PREFIX}${userId}/${exportId}.zip`,
  /** Where the upload for a final key is staged. */
  incoming: (key: string) => `${INCOMING_PREFIX}${key}`,
};
