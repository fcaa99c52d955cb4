import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { DocumentRecord, UploadTicket } from '@shared/api';
import type { LocalEndpoints } from '../../scripts/local-target';
import { api } from './auth';
import { tinyPdf } from './files';

type Endpoints = LocalEndpoints;

export async function endpoints(url: string): Promise<Endpoints> {
  return (await (await fetch(`${url}/_local/endpoints`)).json()) as Endpoints;
}

/**
 * Every key of a user, final ({userId}/…), staged (incoming/{userId}/…) and exported
 * (exports/{userId}/…), read from the S3 emulator itself.
 */
export async function objectKeys(url: string, userId: string): Promise<string[]> {
  const e = await endpoints(url);
  const s3 = new S3Client({
    endpoint: e.s3,
    region: e.region,
    credentials: e.s3Credentials,
    forcePathStyle: true,
  });
  const keys: string[] = [];
  for (const prefix of [`${userId}/`, `incoming/${userId}/`, `exports/${userId}/`]) {
    const out = await s3.send(new ListObjectsV2Command({ Bucket: e.bucket, Prefix: prefix }));
    keys.push(...(out.Contents ?? []).map((o) => o.Key ?? ''));
  }
  return keys;
}

/**
 * The browser's three steps: ask for an upload (with the document's expiry date or title,
 * when given), PUT the bytes, confirm.
 */
export async function upload(
  url: string,
  token: string,
  type: string,
  fileName: string,
  bytes: Buffer,
  declaredSize = bytes.length,
  details: { expires_on?: string | null; title?: string; replaces?: string } = {},
) {
  const ticket = await api<UploadTicket>(url, '/api/me/documents/uploads', {
    token,
    method: 'POST',
    body: { document_type: type, file_name: fileName, file_size: declaredSize, ...details },
  });
  if (ticket.status !== 201) return { ticket, confirm: null };
  const put = await fetch(ticket.body.url, {
    method: 'PUT',
    headers: ticket.body.headers,
    body: new Uint8Array(bytes),
  });
  if (!put.ok) throw new Error(`PUT to S3 failed: ${put.status}`);
  const confirm = await api<DocumentRecord & { error?: { message: string } }>(
    url,
    `/api/me/documents/${type}`,
    {
      token,
      method: 'PUT',
      body: { upload_id: ticket.body.upload_id, file_name: fileName },
    },
  );
  return { ticket, confirm };
}

/** A document uploaded with its expiry date through the API (throws unless confirmed): its record. */
export async function uploadExpiring(
  url: string,
  token: string,
  type: string,
  expiresOn: string,
): Promise<DocumentRecord> {
  const { ticket, confirm } = await upload(url, token, type, `${type}.pdf`, tinyPdf(), undefined, {
    expires_on: expiresOn,
  });
  if (confirm?.status !== 200)
    throw new Error(`upload failed: ${JSON.stringify(confirm?.body ?? ticket.body)}`);
  return confirm.body;
}
