// The pure judgements of `npm run smoke` (scripts/smoke.ts): each takes what a running stage
// answered and says what is wrong with it (nothing: null or []). No I/O here, so each rule is
// unit-tested beside it (checks.test.ts).
import type { HealthResponse, RuntimeConfig } from '@shared/api';
import { API_BASE } from '@shared/api-paths';
import { cognitoEndpoint } from '@shared/cognito-endpoint';
import * as z from 'zod';
import { type CspOrigins, securityHeaders } from '../../infra/config/security-headers';

/** The origin (scheme, host, port) of `--url`; a path or query given with it is ignored. */
export function originOf(url: string | undefined): string {
  if (!url)
    throw new Error('usage: npm run smoke -- --url <origin> [--email <e-mail> --password <password>]');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`--url ${url} is not a URL (e.g. https://d111111abcdef8.cloudfront.net)`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new Error(`--url ${url} is not an http(s) URL`);
  return parsed.origin;
}

export function healthProblem(status: number, body: unknown): string | null {
  if (status !== 200) return `answered ${status}`;
  const health = body as Partial<HealthResponse> | null;
  if (health?.status !== 'ok' || typeof health.stage !== 'string' || !health.stage)
    return `body is ${JSON.stringify(body)}, expected { status: 'ok', stage }`;
  return null;
}

/** An AWS region as it prefixes a user pool id (eu-central-1_AbC123). */
const AWS_REGION = /^[a-z]{2}(-[a-z]+)+-\d+$/;

/** RuntimeConfig (shared/api.ts) as a schema: tsc fails here when the interface gains a field. */
export const runtimeConfigSchema = z
  .object({
    stage: z.string().min(1),
    apiBasePath: z.literal(API_BASE),
    auth: z.object({
      userPoolId: z.string().regex(/^[\w-]+_[0-9A-Za-z]+$/, 'not a user pool id (<region>_<id>)'),
      userPoolClientId: z.string().regex(/^[0-9a-z]{1,128}$/i, 'not an app client id'),
      userPoolEndpoint: z.string().min(1).optional(),
      authFlowType: z.enum(['USER_SRP_AUTH', 'USER_PASSWORD_AUTH']),
    }),
    support: z.object({ email: z.email(), whatsapp: z.string().min(1) }),
  })
  .refine((c) => c.auth.userPoolEndpoint || AWS_REGION.test(c.auth.userPoolId.split('_')[0] ?? ''), {
    message: 'without a userPoolEndpoint the pool id must start with its AWS region',
    path: ['auth', 'userPoolId'],
  }) satisfies z.ZodType<RuntimeConfig>;

/** The config.json, or the reasons it is not a RuntimeConfig. */
export function parseRuntimeConfig(value: unknown): { config: RuntimeConfig } | { problems: string[] } {
  const result = runtimeConfigSchema.safeParse(value);
  if (result.success) return { config: result.data };
  return { problems: result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`) };
}

/** A Content-Security-Policy as directive → value. */
export function cspDirectives(csp: string): Map<string, string> {
  const directives = new Map<string, string>();
  for (const part of csp.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), values.join(' '));
  }
  return directives;
}

/**
 * The origins the CSP must name: Cognito's unless the pool answers on the page's own origin
 * (the local proxy), and the documents bucket. The bucket's name is not in config.json, so it
 * is read from the CSP's frame-src (which names only it); the rest of the CSP must then agree
 * with it, and the upload check compares it with the presigned URL's origin.
 */
export function cspOrigins(csp: string | null, config: RuntimeConfig, origin: string): CspOrigins | null {
  const documents = csp ? cspDirectives(csp).get('frame-src') : undefined;
  if (!documents || /\s/.test(documents)) return null;
  const cognito = new URL(cognitoEndpoint(config.auth, origin)).origin;
  return { documents, cognito: cognito === origin ? null : cognito };
}

/** Header name → value, as the security header checks read a response. */
export type HeaderLookup = { get(name: string): string | null };

/**
 * What is wrong with a response's security headers, compared with infra/config/security-headers.ts
 * (the one definition CloudFront and the local stack send). Strict-Transport-Security is only
 * required over https: browsers ignore it over http, so a local origin may leave it out (if
 * it sends it, it must be right).
 */
export function securityHeaderProblems(
  headers: HeaderLookup,
  origins: CspOrigins | null,
  options: { https: boolean },
): string[] {
  const expected = securityHeaders(origins ?? { documents: '<documents origin>', cognito: null });
  const problems: string[] = [];
  for (const [name, value] of Object.entries(expected)) {
    const actual = headers.get(name);
    if (actual === null) {
      if (name !== 'strict-transport-security' || options.https) problems.push(`${name} missing`);
    } else if (name === 'content-security-policy') {
      problems.push(
        ...(origins ? cspProblems(actual, value) : ['content-security-policy names no frame-src']),
      );
    } else if (actual.trim() !== value) {
      problems.push(`${name} is "${actual}", expected "${value}"`);
    }
  }
  return problems;
}

/** The directives of `actual` that differ from `expected` (order and spacing do not matter). */
export function cspProblems(actual: string, expected: string): string[] {
  const got = cspDirectives(actual);
  const want = cspDirectives(expected);
  const problems: string[] = [];
  for (const [name, value] of want) {
    const found = got.get(name);
    if (found === undefined) problems.push(`content-security-policy lacks ${name}`);
    else if (found !== value)
      problems.push(`content-security-policy ${name} is "${found}", expected "${value}"`);
  }
  for (const name of got.keys()) {
    if (!want.has(name)) problems.push(`content-security-policy has unexpected ${name}`);
  }
  return problems;
}

/** A page of the SPA: 200, HTML, with the app's root element. */
export function pageProblem(status: number, contentType: string | null, body: string): string | null {
  if (status !== 200) return `answered ${status}`;
  if (!contentType?.startsWith('text/html')) return `content-type is ${contentType}, expected text/html`;
  if (!/<div id="root"/.test(body)) return 'HTML without the SPA root element (<div id="root">)';
  return null;
}

/**
 * Cognito's answer to a SignUp with a too-short password: InvalidPasswordException (or an
 * InvalidParameterException about the password) proves the pool and its client exist and
 * allow self sign-up, and no user was created.
 */
export function signUpProblem(status: number, body: unknown, email: string): string | null {
  const answer = (body ?? {}) as { __type?: string; message?: string };
  const type =
    String(answer.__type ?? '')
      .split('#')
      .pop() ?? '';
  const message = String(answer.message ?? '');
  if (status === 200) return `SignUp accepted a too-short password: user ${email} was created, delete it`;
  if (type === 'InvalidPasswordException') return null;
  if (type === 'InvalidParameterException' && /password/i.test(message)) return null;
  return `answered ${status} ${type || '(no error type)'}${message ? `: ${message}` : ''}`;
}

/** A CORS answer of the documents bucket (preflight or the PUT itself) for `origin`. */
export function corsProblem(status: number, headers: HeaderLookup, origin: string): string | null {
  if (status < 200 || status >= 300) return `answered ${status}`;
  const allowed = headers.get('access-control-allow-origin');
  if (allowed !== origin && allowed !== '*')
    return `Access-Control-Allow-Origin is ${allowed === null ? 'missing' : `"${allowed}"`}, expected "${origin}"`;
  return null;
}

export type Outcome = { name: string } & (
  | { status: 'pass'; detail?: string }
  | { status: 'fail'; reason: string }
  | { status: 'skip'; reason: string }
);

/** One line per check: ✓ passed, ✗ failed (why), – skipped (why). */
export function formatOutcome(outcome: Outcome): string {
  if (outcome.status === 'pass') return `✓ ${outcome.name}${outcome.detail ? ` (${outcome.detail})` : ''}`;
  if (outcome.status === 'fail') return `✗ ${outcome.name}: ${outcome.reason}`;
  return `– ${outcome.name}: skipped: ${outcome.reason}`;
}

/** Non-zero when any check failed; skipped checks do not fail the run. */
export const exitCode = (outcomes: readonly Outcome[]) => (outcomes.some((o) => o.status === 'fail') ? 1 : 0);
