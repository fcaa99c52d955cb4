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
  /** The companion's model or inference profile id (infra/config/stages.ts). */
  get companionModelId() {
    return required('COMPANION_MODEL_ID');
  },
  /** The companion's Bedrock guardrail and its version (the API stack creates both). */
  get companionGuardrail() {
    return {
      guardrailIdentifier: required('COMPANION_GUARDRAIL_ID'),
      guardrailVersion: required('COMPANION_GUARDRAIL_VERSION'),
    };
  },
  /** The support team's address (mailed when a customer writes). */
  get supportEmail() {
    return required('SUPPORT_EMAIL');
  },
};
