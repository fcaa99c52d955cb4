// Lambda configuration comes from the environment only. AWS endpoints for the local
// emulators use the SDK's own AWS_ENDPOINT_URL_<SERVICE> variables, so no code branches.
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}

export const env = {
  get stage() {
    return process.env.STAGE ?? 'local';
  },
  get tableName() {
    return required('TABLE_NAME');
  },
  get bucketName() {
    return required('BUCKET_NAME');
  },
  get userPoolId() {
    return required('USER_POOL_ID');
  },
  get mailFrom() {
    return required('MAIL_FROM');
  },
  /** How the companion answers: `extractive` (the default, and every stage's fallback) or `bedrock`. */
  get companionAnswerer() {
    return process.env.COMPANION_ANSWERER ?? 'extractive';
  },
  /** The support team's address (mailed when a customer writes). */
  get supportEmail() {
    return required('SUPPORT_EMAIL');
  },
};
