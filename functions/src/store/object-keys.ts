// The documents bucket's key design (README 'Key design'). The CDK data stack's lifecycle
// rule and the upload routes' IAM grants are built from INCOMING_PREFIX too.

/**
 * Presigned uploads land here first and move to their final key only once confirmed and
 * checked; a lifecycle rule expires whatever is never confirmed.
 */
export const INCOMING_PREFIX = 'incoming/';
/** Days an unconfirmed upload stays in the staging prefix. */
export const INCOMING_EXPIRY_DAYS = 1;

export const objectKeys = {
  /** A customer's document (SPEC 7): {userId}/{random id}.{ext}. */
  upload: (userId: string, uploadId: string, ext: string) => `${userId}/${uploadId}.${ext}`,
  /** An admin's replacement (SPEC 7): {userId}/{document_type}_{timestamp}.{ext}. */
  replacement: (userId: string, documentType: string, timestamp: string, ext: string) =>
    `${userId}/${documentType}_${timestamp}.${ext}`,
  /** Everything of one user, final and staged. */
  userPrefixes: (userId: string) => [`${userId}/`, `${INCOMING_PREFIX}${userId}/`],
  /** Where the upload for a final key is staged. */
  incoming: (key: string) => `${INCOMING_PREFIX}${key}`,
};
