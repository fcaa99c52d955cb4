// What the attack suites share: tokens forged with the emulator's own (public) signing key,
// a customer with one of everything, and snapshots of everything stored for a user.
import { createPrivateKey, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { DocumentRecord, JourneyResponse, UploadTicket, Workflow } from '@shared/api';
import { api, dateFromToday } from './auth';
import { customerWith } from './customers';
import { endpoints, objectKeys, upload } from './documents';
import { tinyPdf } from './files';
import { serviceRequestBody } from './service-answers';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const decode = (part: string | undefined) =>
  JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

/** cognito-local signs every token with this published key: locally anyone can mint tokens. */
function emulatorKey() {
  const path = createRequire(import.meta.url).resolve('cognito-local/lib/keys/cognitoLocal.private.json');
  const { jwk } = JSON.parse(readFileSync(path, 'utf8')) as { jwk: Record<string, string> };
  return { key: createPrivateKey({ key: jwk, format: 'jwk' }), kid: String(jwk.kid) };
}

/** A correctly signed token with the given claims (RS256, the emulator's key id). */
export function mint(claims: Record<string, unknown>): string {
  const { key, kid } = emulatorKey();
  const head = b64({ alg: 'RS256', kid, typ: 'JWT' });
  const body = b64(claims);
  return `${head}.${body}.${sign('sha256', Buffer.from(`${head}.${body}`), key).toString('base64url')}`;
}

export type TokenKind =
  | 'none'
  | 'tampered'
  | 'forgedGroup'
  | 'algNone'
  | 'access'
  | 'expired'
  | 'wrongAudience'
  | 'wrongIssuer';

/** Every way a request can come without a usable ID token, derived from a customer's real tokens. */
export function badTokens(idToken: string, accessToken: string): Record<TokenKind, string | undefined> {
  const [head, payload, signature] = idToken.split('.');
  const claims = decode(payload);
  const now = Math.floor(Date.now() / 1000);
  return {
    none: undefined,
    tampered: `${head}.${b64({ ...claims, email: 'someone@else.example' })}.${signature}`,
    forgedGroup: `${head}.${b64({ ...claims, 'cognito:groups': ['admin'] })}.${signature}`,
    algNone: `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, 'cognito:groups': ['admin'] })}.`,
    access: accessToken,
    expired: mint({ ...claims, iat: now - 7200, exp: now - 3600 }),
    wrongAudience: mint({ ...claims, aud: 'another-client' }),
    wrongIssuer: mint({
      ...claims,
      iss: 'https://cognito-idp.eu-central-1.amazonaws.com/eu-central-1_other',
    }),
  };
}

/** A verified customer with one of everything: a task, a workflow, a document, an open upload. */
export async function customerWithEverything(url: string) {
  const c = await customerWith(url, { arrival: dateFromToday(30), verified: true });
  const journey = await api<JourneyResponse>(url, '/api/me/journey', { token: c.idToken });
  const tasks = journey.body.phases.flatMap((p) => p.tasks).filter((t) => !t.is_preview);
  const serviceTask = tasks.find((t) => t.task_template_id === 'health_insurance');
  const selfTask = tasks.find((t) => t.completion_type === 'user_self_complete');
  if (!serviceTask || !selfTask) throw new Error('catalogue has no phase-1 service or self task');
  const workflow = await api<Workflow>(url, `/api/me/tasks/${serviceTask.id}/service-request`, {
    token: c.idToken,
    method: 'POST',
    body: serviceRequestBody('health_insurance'),
  });
  const { confirm } = await upload(url, c.idToken, 'passport', 'passport.pdf', tinyPdf());
  const ticket = await api<UploadTicket>(url, '/api/me/documents/uploads', {
    token: c.idToken,
    method: 'POST',
    body: { document_type: 'employment_contract', file_name: 'contract.pdf', file_size: tinyPdf().length },
  });
  if (workflow.status !== 201 && workflow.status !== 200)
    throw new Error(`service request: ${workflow.status}`);
  if (confirm?.status !== 200) throw new Error(`upload: ${confirm?.status}`);
  return {
    ...c,
    taskId: selfTask.id,
    serviceTaskId: serviceTask.id,
    workflowId: workflow.body.id,
    documentId: (confirm.body as DocumentRecord).id,
    uploadId: ticket.body.upload_id,
  };
}

let documentClient: DynamoDBDocumentClient | undefined;
async function table(url: string) {
  const e = await endpoints(url);
  documentClient ??= DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: e.dynamodb, region: e.region, credentials: e.s3Credentials }),
  );
  return { client: documentClient, name: e.table };
}

/** Every item of a user's partition, read from DynamoDB Local itself (sorted by SK). */
export async function partitionItems(
  url: string,
  userId: string,
  partition = `USER#${userId}`,
): Promise<Record<string, unknown>[]> {
  const { client, name } = await table(url);
  const out = await client.send(
    new QueryCommand({
      TableName: name,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': partition },
      ConsistentRead: true,
    }),
  );
  return (out.Items ?? []).sort((a, b) => String(a.SK).localeCompare(String(b.SK)));
}

/** A user's audit trail as stored: facts and completions, outside their partition. */
export const auditItems = (url: string, userId: string) => partitionItems(url, userId, `AUDIT#${userId}`);

/** The deletion tombstone of a user, if any. */
export async function tombstone(url: string, userId: string): Promise<Record<string, unknown> | null> {
  const { client, name } = await table(url);
  const out = await client.send(
    new GetCommand({
      TableName: name,
      Key: { PK: `DELETED#${userId}`, SK: 'TOMBSTONE' },
      ConsistentRead: true,
    }),
  );
  return out.Item ?? null;
}

/** Everything stored for a user: items, audit records, files (final and staged) and the tombstone. */
export async function snapshot(url: string, userId: string) {
  return {
    items: await partitionItems(url, userId),
    audit: await auditItems(url, userId),
    objects: (await objectKeys(url, userId)).sort(),
    tombstone: await tombstone(url, userId),
  };
}
