// `npm run smoke` against the local stack, so the post-deploy check is known to work before a
// deploy needs it. In the e2e project because only it serves the built SPA (LOCAL_WEB=web/dist):
// the integration project's stack (LOCAL_WEB=none) answers the pages with 404, and every check
// should run for real here. The smoke customer is made as README 'Deploying a stage' tells an
// operator to make it on AWS (AdminCreateUser + a permanent password: no mailbox, no profile
// until the first GET /api/me).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { DocumentRecord, MeResponse } from '@shared/api';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, login, runtimeConfig } from '../support/auth';
import { objectKeys } from '../support/documents';

const url = inject('stackUrl');
const ROOT = resolve(import.meta.dirname, '../..');
const smoke = { email: `smoke-${randomUUID().slice(0, 8)}@example.com`, password: 'smoke-pass-1' };

/** `npm run smoke -- <args>` as an operator runs it: exit code and the printed lines. */
function runSmoke(args: string[]): Promise<{ code: number | null; lines: string[]; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn('npm', ['run', '--silent', 'smoke', '--', ...args], { cwd: ROOT, env: process.env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', fail);
    child.on('close', (code) => done({ code, lines: stdout.trim().split('\n'), stderr }));
  });
}

/** The operator's two calls (aws cognito-idp admin-create-user, admin-set-user-password --permanent). */
async function createSmokeCustomer() {
  const { cognito } = (await (await fetch(`${url}/_local/endpoints`)).json()) as { cognito: string };
  const config = await runtimeConfig(url);
  // The emulator itself: the app origin's proxy refuses Admin* calls, as a browser cannot make them.
  const client = new CognitoIdentityProviderClient({
    endpoint: cognito,
    region: 'eu-central-1',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });
  const UserPoolId = config.auth.userPoolId;
  await client.send(
    new AdminCreateUserCommand({
      UserPoolId,
      Username: smoke.email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: smoke.email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  await client.send(
    new AdminSetUserPasswordCommand({
      UserPoolId,
      Username: smoke.email,
      Password: smoke.password,
      Permanent: true,
    }),
  );
}

/** The stack behind another origin, minus one header on every response. */
function proxyWithout(header: string): Promise<Server> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const forwarded = ['accept', 'content-type', 'x-amz-target', 'authorization'].flatMap((name) => {
      const value = req.headers[name];
      return typeof value === 'string' ? [[name, value] as [string, string]] : [];
    });
    const upstream = await fetch(`${url}${req.url}`, {
      method: req.method,
      headers: forwarded,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
      redirect: 'manual',
    });
    // fetch has decoded the body: its encoding and length headers no longer apply.
    const dropped = new Set([header, 'content-encoding', 'content-length', 'transfer-encoding']);
    res.writeHead(
      upstream.status,
      Object.fromEntries([...upstream.headers].filter(([n]) => !dropped.has(n))),
    );
    res.end(Buffer.from(await upstream.arrayBuffer()));
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

const CHECKS = [
  'GET /api/health',
  'GET /config.json',
  'security headers on GET /api/health and GET /config.json',
  'GET /: HTML with the security headers',
  'GET /login: HTML with the security headers',
  'GET /dashboard: HTML with the security headers',
  'Cognito SignUp refuses a too-short password',
  `sign in as ${smoke.email} and GET /api/me`,
  'POST /api/me/documents/uploads: a presigned upload',
  'CORS preflight of the presigned URL',
  'PUT the file to the presigned URL',
  'PUT /api/me/documents/rental_agreement: the upload confirmed',
];

describe('npm run smoke', () => {
  beforeAll(createSmokeCustomer);

  it('passes every check against the local stack, and the smoke customer keeps one document', async () => {
    const args = ['--url', url, '--email', smoke.email, '--password', smoke.password];
    for (let run = 1; run <= 2; run++) {
      const { code, lines, stderr } = await runSmoke(args);
      const others = lines.filter((line) => !line.startsWith('✓'));
      expect(others, stderr).toEqual([`Smoke test of ${url}`, '12 passed, 0 failed, 0 skipped']);
      for (const check of CHECKS) expect(lines).toContainEqual(expect.stringMatching(`^✓ ${check}`));
      expect(code).toBe(0);
    }
    // The second run's upload replaced the first's: one document, one file, nothing staged.
    const { idToken } = await login(url, smoke.email, smoke.password);
    const documents = await api<DocumentRecord[]>(url, '/api/me/documents', { token: idToken });
    expect(documents.body.map((d) => d.document_type)).toEqual(['rental_agreement']);
    const me = await api<MeResponse>(url, '/api/me', { token: idToken });
    expect(await objectKeys(url, me.body.profile.id)).toEqual([documents.body[0]?.file_path]);
  }, 30_000);

  describe('fails', () => {
    let proxy: Server;
    beforeAll(async () => {
      proxy = await proxyWithout('x-frame-options');
    });
    afterAll(() => new Promise<void>((done) => proxy.close(() => done())));

    it('when a security header is missing, and says which; without credentials the upload is skipped', async () => {
      const origin = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
      const { code, lines } = await runSmoke(['--url', origin]);
      expect(lines).toEqual([
        `Smoke test of ${origin}`,
        '✓ GET /api/health (stage local)',
        '✓ GET /config.json (stage local, USER_PASSWORD_AUTH)',
        '✗ security headers on GET /api/health and GET /config.json: x-frame-options missing',
        '✗ GET /: HTML with the security headers: x-frame-options missing',
        '✗ GET /login: HTML with the security headers: x-frame-options missing',
        '✗ GET /dashboard: HTML with the security headers: x-frame-options missing',
        '✓ Cognito SignUp refuses a too-short password (InvalidPasswordException)',
        '– customer sign-in and presigned upload: skipped: no credentials (--email and --password of the smoke-test customer)',
        '3 passed, 4 failed, 1 skipped',
      ]);
      expect(code).toBe(1);
    }, 20_000);
  });
});
