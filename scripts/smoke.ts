// npm run smoke -- --url <origin> [--email <e-mail> --password <password>]
// The post-deploy smoke test of a running stage, from its public origin (the CloudFront URL;
// locally `npm start`'s http://localhost:3000): the API's health, config.json, the SPA's pages
// with the security headers, Cognito's sign-up, and, with the credentials of a smoke-test
// customer, a presigned upload through the bucket's CORS as the browser makes it. One line
// per check (✓, ✗ with the reason, – skipped and why); exits 1 when any check failed.
// README 'Deploying a stage' says how to create the smoke-test customer on AWS.
import { randomUUID } from 'node:crypto';
import type { DocumentRecord, MeResponse, RuntimeConfig, UploadTicket } from '@shared/api';
import { API_PATHS, apiPath } from '@shared/api-paths';
import { cognitoEndpoint } from '@shared/cognito-endpoint';
import { PASSWORD_MIN_LENGTH } from '@shared/constants';
import type { CspOrigins } from '../infra/config/security-headers';
import { textOption } from './cli-options';
import {
  corsProblem,
  cspOrigins,
  exitCode,
  formatOutcome,
  healthProblem,
  type Outcome,
  originOf,
  pageProblem,
  parseRuntimeConfig,
  securityHeaderProblems,
  signUpProblem,
} from './smoke/checks';
import { signIn } from './smoke/sign-in';

/** The optional document type, so the smoke customer's onboarding is never affected. Each run's
 * upload replaces the previous run's (one per type; a customer cannot delete documents). */
const SMOKE_DOCUMENT = { type: 'rental_agreement', fileName: 'smoke-test.pdf' } as const;
const PAGES = ['/', '/login', '/dashboard'];
/** Confirms of one upload while the malware scan has not answered (each waits about 6 s). */
const SCAN_TRIES = 10;
const scanPending = (response: { status: number; body: { error?: { messageKey?: string } } }) =>
  response.status === 409 && response.body.error?.messageKey === 'apiErrors.scanPending';
const TIMEOUT_MS = 15_000;

/** A check that cannot run (missing input, an earlier check failed). */
class Skip extends Error {}

/** Why a request failed, with the network cause (ECONNREFUSED, ENOTFOUND) that fetch hides. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause ? `${error.message} (${cause.code ?? cause.message})` : error.message;
}

/** Fails the check with the reason, if there is one. */
function fail(reason: string | null) {
  if (reason) throw new Error(reason);
}

const request = (url: string, init: RequestInit = {}) =>
  fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS), ...init });

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text.slice(0, 200);
  }
}

/** A tiny valid PDF (the server checks the first bytes against the extension). */
const tinyPdf = () =>
  new TextEncoder().encode(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );

async function main() {
  const origin = originOf(textOption('url'));
  const email = textOption('email');
  const password = textOption('password');
  if (!email !== !password) throw new Error('--email and --password go together');
  const https = origin.startsWith('https:');
  console.log(`Smoke test of ${origin}`);

  const outcomes: Outcome[] = [];
  async function check(name: string, run: () => Promise<string | undefined>): Promise<void> {
    let outcome: Outcome;
    try {
      outcome = { name, status: 'pass', detail: await run() };
    } catch (error) {
      outcome =
        error instanceof Skip
          ? { name, status: 'skip', reason: error.message }
          : { name, status: 'fail', reason: describe(error) };
    }
    outcomes.push(outcome);
    console.log(formatOutcome(outcome));
  }

  // 1. The API behind the origin.
  let healthStage: string | undefined;
  let healthHeaders: Headers | undefined;
  await check(`GET ${API_PATHS.health}`, async () => {
    const response = await request(`${origin}${API_PATHS.health}`);
    healthHeaders = response.headers;
    const body = await readJson(response);
    fail(healthProblem(response.status, body));
    healthStage = (body as { stage: string }).stage;
    return `stage ${healthStage}`;
  });

  // 2. The runtime configuration the SPA starts from.
  let config: RuntimeConfig | undefined;
  let configHeaders: Headers | undefined;
  await check('GET /config.json', async () => {
    const response = await request(`${origin}/config.json`);
    configHeaders = response.headers;
    if (response.status !== 200) throw new Error(`answered ${response.status}`);
    const parsed = parseRuntimeConfig(await readJson(response));
    if ('problems' in parsed) throw new Error(parsed.problems.join('; '));
    if (healthStage && parsed.config.stage !== healthStage)
      throw new Error(`stage ${parsed.config.stage}, but ${API_PATHS.health} says ${healthStage}`);
    config = parsed.config;
    return `stage ${config.stage}, ${config.auth.authFlowType}`;
  });

  // 3. The security headers (compared with infra/config/security-headers.ts) and the pages.
  const origins: CspOrigins | null = config
    ? cspOrigins(healthHeaders?.get('content-security-policy') ?? null, config, origin)
    : null;
  const headerProblems = (headers: Headers | undefined) =>
    headers ? securityHeaderProblems(headers, origins, { https }) : ['no response'];
  const hstsNote = https ? undefined : 'HSTS not required over http';
  await check(`security headers on GET ${API_PATHS.health} and GET /config.json`, async () => {
    if (!config) throw new Skip('needs config.json (the CSP names its Cognito origin)');
    const problems = [...new Set([...headerProblems(healthHeaders), ...headerProblems(configHeaders)])];
    fail(problems.join('; ') || null);
    return hstsNote;
  });
  for (const page of PAGES) {
    await check(`GET ${page}: HTML with the security headers`, async () => {
      const response = await request(`${origin}${page}`, { headers: { accept: 'text/html' } });
      fail(pageProblem(response.status, response.headers.get('content-type'), await response.text()));
      if (!config) throw new Skip('page answers; its headers need config.json');
      fail(headerProblems(response.headers).join('; ') || null);
      return hstsNote;
    });
  }

  // 4. Cognito: a sign-up with a too-short password is refused by the pool's policy, which
  // proves pool and client exist and allow sign-up, without creating a user or a mail.
  await check('Cognito SignUp refuses a too-short password', async () => {
    if (!config) throw new Skip('needs config.json');
    const probe = `smoke-${randomUUID()}@example.com`;
    const response = await request(cognitoEndpoint(config.auth, origin), {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.SignUp',
      },
      body: JSON.stringify({
        ClientId: config.auth.userPoolClientId,
        Username: probe,
        Password: 'x'.repeat(PASSWORD_MIN_LENGTH - 1),
        UserAttributes: [{ Name: 'email', Value: probe }],
      }),
    });
    const body = await readJson(response);
    fail(signUpProblem(response.status, body, probe));
    return String((body as { __type?: string }).__type);
  });

  // 5. A signed-in customer's upload, as the browser makes it.
  if (!email || !password) {
    await check('customer sign-in and presigned upload', async () => {
      throw new Skip('no credentials (--email and --password of the smoke-test customer)');
    });
  } else {
    await customerUpload(check, { origin, config, origins, email, password });
  }

  console.log(
    `${outcomes.filter((o) => o.status === 'pass').length} passed, ` +
      `${outcomes.filter((o) => o.status === 'fail').length} failed, ` +
      `${outcomes.filter((o) => o.status === 'skip').length} skipped`,
  );
  return exitCode(outcomes);
}

type Check = (name: string, run: () => Promise<string | undefined>) => Promise<void>;

async function customerUpload(
  check: Check,
  input: {
    origin: string;
    config: RuntimeConfig | undefined;
    origins: CspOrigins | null;
    email: string;
    password: string;
  },
) {
  const { origin, config, origins } = input;
  let token: string | undefined;
  let ticket: UploadTicket | undefined;
  let uploaded = false;
  const bytes = tinyPdf();
  const api = async <T>(path: string, method = 'GET', body?: unknown) => {
    const response = await request(`${origin}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await readJson(response)) as T };
  };
  const after = (step: string) => new Skip(`after the failed ${step}`);

  await check(`sign in as ${input.email} and GET ${API_PATHS.me}`, async () => {
    if (!config) throw new Skip('needs config.json');
    const session = await signIn(config, origin, input.email, input.password);
    if ('problem' in session) throw new Error(`${config.auth.authFlowType}: ${session.problem}`);
    token = session.idToken;
    // As the SPA's first call: it also creates the profile of an account made with the admin API.
    const me = await api<MeResponse>(API_PATHS.me);
    if (me.status !== 200)
      throw new Error(`${API_PATHS.me} answered ${me.status} ${JSON.stringify(me.body)}`);
    if (me.body.role !== 'customer') throw new Error(`the account is ${me.body.role}, not a customer`);
    if (me.body.profile.deletion_requested)
      throw new Error('the account has asked for its deletion: uploads are refused');
    return `${config.auth.authFlowType}, customer`;
  });

  await check(`POST ${API_PATHS.myUploads}: a presigned upload`, async () => {
    if (!token) throw after('sign-in');
    const response = await api<UploadTicket>(API_PATHS.myUploads, 'POST', {
      document_type: SMOKE_DOCUMENT.type,
      file_name: SMOKE_DOCUMENT.fileName,
      file_size: bytes.length,
    });
    if (response.status !== 201)
      throw new Error(`answered ${response.status} ${JSON.stringify(response.body)}`);
    ticket = response.body;
    return `${SMOKE_DOCUMENT.type}, ${bytes.length} bytes`;
  });

  await check('CORS preflight of the presigned URL', async () => {
    if (!ticket) throw after('upload request');
    const target = new URL(ticket.url).origin;
    if (origins && target !== origins.documents)
      throw new Error(`uploads go to ${target}, but the CSP's connect-src allows ${origins.documents}`);
    const response = await request(ticket.url, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': ticket.method,
        'access-control-request-headers': Object.keys(ticket.headers).join(','),
      },
    });
    fail(corsProblem(response.status, response.headers, origin));
    return `Access-Control-Allow-Origin: ${response.headers.get('access-control-allow-origin')}`;
  });

  await check('PUT the file to the presigned URL', async () => {
    if (!ticket) throw after('upload request');
    const response = await request(ticket.url, {
      method: ticket.method,
      headers: { ...ticket.headers, origin },
      body: bytes,
    });
    fail(corsProblem(response.status, response.headers, origin));
    uploaded = true;
    return undefined;
  });

  const confirmPath = apiPath(API_PATHS.myDocument, { type: SMOKE_DOCUMENT.type });
  await check(`PUT ${confirmPath}: the upload confirmed`, async () => {
    if (!ticket || !uploaded) throw after('upload');
    const uploadId = ticket.upload_id;
    const confirm = () =>
      api<DocumentRecord & { error?: { messageKey?: string } }>(confirmPath, 'PUT', {
        upload_id: uploadId,
        file_name: SMOKE_DOCUMENT.fileName,
      });
    // Where GuardDuty scans uploads, a confirm before its verdict answers 409 scanPending (the
    // route waits about 6 s itself): confirmed again, as the customer would, for up to a minute.
    let response = await confirm();
    for (let tries = 1; scanPending(response) && tries < SCAN_TRIES; tries++) response = await confirm();
    if (response.status !== 200)
      throw new Error(`answered ${response.status} ${JSON.stringify(response.body)}`);
    if (response.body.file_size !== bytes.length)
      throw new Error(`recorded ${response.body.file_size} bytes, sent ${bytes.length}`);
    return 'replaces the previous run’s smoke document';
  });
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  });
