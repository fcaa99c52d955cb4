import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ensureTable } from '../../infra/local/bootstrap';
import { endpoints } from './documents';

/**
 * Points the product's own store code, imported by a test, at the local stack's DynamoDB
 * Local (at `table`, or the stack's own table): the store reads its table and endpoint from
 * the environment, as in Lambda. Returns the endpoints, for a client of the test's own.
 */
export async function pointStoreAt(url: string, table?: string) {
  const e = await endpoints(url);
  Object.assign(process.env, {
    TABLE_NAME: table ?? e.table,
    AWS_ENDPOINT_URL_DYNAMODB: e.dynamodb,
    AWS_REGION: e.region,
    AWS_ACCESS_KEY_ID: e.s3Credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: e.s3Credentials.secretAccessKey,
  });
  return e;
}

/**
 * A table of the test file's own (`<prefix>-<random>`), created on the local stack, with the
 * product's store pointed at it; returns a client of the test's own and the table's name.
 */
export async function ownTable(url: string, prefix: string) {
  const table = `${prefix}-${randomUUID().slice(0, 8)}`;
  const e = await pointStoreAt(url, table);
  const client = new DynamoDBClient({ endpoint: e.dynamodb, region: e.region, credentials: e.s3Credentials });
  await ensureTable(client, table);
  return { client, table };
}
