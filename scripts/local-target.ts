// The local stack `npm start` runs (same PORT, default 3000), as the AWS SDK and the store
// reach it: for the commands that work on its data (seed, stats:rebuild, admin).

export interface LocalEndpoints {
  dynamodb: string;
  table: string;
  s3: string;
  bucket: string;
  region: string;
  cognito: string;
  userPoolId: string;
  s3Credentials: { accessKeyId: string; secretAccessKey: string };
  /** The SES emulator (the local mailbox is read from its store). */
  ses: string;
  /** The file holding the key that signs unsubscribe links. */
  unsubscribeKeyFile: string;
}

/**
 * Points this process's store (TABLE_NAME, BUCKET_NAME, endpoints) at the running local stack
 * on `port` (default: PORT, as `npm start` reads it).
 */
export async function connectLocalStack(port = Number(process.env.PORT ?? 3000)): Promise<LocalEndpoints> {
  const response = await fetch(`http://127.0.0.1:${port}/_local/endpoints`).catch(() => null);
  if (!response?.ok)
    throw new Error(`No local stack answers on port ${port}: start it with npm start (same PORT).`);
  const e = (await response.json()) as LocalEndpoints;
  Object.assign(process.env, {
    TABLE_NAME: e.table,
    BUCKET_NAME: e.bucket,
    AWS_ENDPOINT_URL_DYNAMODB: e.dynamodb,
    AWS_ENDPOINT_URL_S3: e.s3,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: e.cognito,
    USER_POOL_ID: e.userPoolId,
    AWS_REGION: e.region,
    AWS_ACCESS_KEY_ID: e.s3Credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: e.s3Credentials.secretAccessKey,
  });
  return e;
}
