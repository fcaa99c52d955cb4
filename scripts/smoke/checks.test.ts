import type { RuntimeConfig } from '@shared/api';
import { cognitoEndpoint } from '@shared/cognito-endpoint';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, securityHeaders } from '../../infra/config/security-headers';
import {
  corsProblem,
  cspOrigins,
  exitCode,
  formatOutcome,
  healthProblem,
  originOf,
  pageProblem,
  parseRuntimeConfig,
  securityHeaderProblems,
  signUpProblem,
} from './checks';

const aws: RuntimeConfig = {
  stage: 'prod',
  apiBasePath: '/api',
  auth: {
    userPoolId: 'eu-central-1_AbC123',
    userPoolClientId: 'abc123def456',
    authFlowType: 'USER_SRP_AUTH',
  },
  support: { email: 'support@example.com', whatsapp: '+49 40 0000 0000' },
};
const local: RuntimeConfig = {
  ...aws,
  stage: 'local',
  auth: { ...aws.auth, userPoolId: 'local_4sjIwHx9', userPoolEndpoint: '/_local/cognito' },
};
const SITE = 'https://d1.cloudfront.net';
const BUCKET = 'https://docs.s3.eu-central-1.amazonaws.com';
const awsOrigins = { documents: BUCKET, cognito: 'https://cognito-idp.eu-central-1.amazonaws.com' };

const lookup = (headers: Record<string, string>) => ({ get: (name: string) => headers[name] ?? null });
const without = (headers: Record<string, string>, name: string) =>
  Object.fromEntries(Object.entries(headers).filter(([n]) => n !== name));

describe('originOf', () => {
  it('keeps scheme, host and port only', () => {
    expect(originOf('https://d1.cloudfront.net/login?x=1')).toBe(SITE);
    expect(originOf('http://localhost:3000/')).toBe('http://localhost:3000');
  });
  it('refuses a missing or non-http URL', () => {
    expect(() => originOf(undefined)).toThrow(/usage/);
    expect(() => originOf('localhost:3000')).toThrow(/not an http/);
    expect(() => originOf('nonsense')).toThrow(/not a URL/);
  });
});

describe('healthProblem', () => {
  it('accepts the health body', () => {
    expect(healthProblem(200, { status: 'ok', stage: 'prod' })).toBeNull();
  });
  it('names a wrong status or body', () => {
    expect(healthProblem(503, null)).toBe('answered 503');
    expect(healthProblem(200, { status: 'ok' })).toMatch(/expected/);
    expect(healthProblem(200, '<html>')).toMatch(/expected/);
  });
});

describe('parseRuntimeConfig', () => {
  it('accepts the AWS and the local config', () => {
    expect(parseRuntimeConfig(aws)).toEqual({ config: aws });
    expect(parseRuntimeConfig(local)).toEqual({ config: local });
  });
  it('names every field that is wrong', () => {
    const broken = { ...aws, apiBasePath: '/v1', auth: { ...aws.auth, authFlowType: 'CUSTOM_AUTH' } };
    const result = parseRuntimeConfig(broken);
    expect(result).toEqual({
      problems: [expect.stringMatching(/^apiBasePath/), expect.stringMatching(/^auth.authFlowType/)],
    });
    expect(parseRuntimeConfig('<!doctype html>')).toHaveProperty('problems');
  });
  it('needs a region in the pool id when Cognito is not proxied', () => {
    const result = parseRuntimeConfig({ ...aws, auth: { ...aws.auth, userPoolId: 'local_4sjIwHx9' } });
    expect(result).toEqual({ problems: [expect.stringMatching(/^auth.userPoolId: .*region/)] });
  });
});

describe('cognitoEndpoint', () => {
  it("is Cognito's regional endpoint on AWS, the proxy on the page's origin locally", () => {
    expect(cognitoEndpoint(aws.auth, SITE)).toBe('https://cognito-idp.eu-central-1.amazonaws.com/');
    expect(cognitoEndpoint(local.auth, 'http://localhost:3000')).toBe('http://localhost:3000/_local/cognito');
  });
});

describe('securityHeaderProblems', () => {
  const sent = securityHeaders(awsOrigins);
  const csp = contentSecurityPolicy(awsOrigins);

  it('reads the origins the CSP must name from its frame-src and the config', () => {
    expect(cspOrigins(csp, aws, SITE)).toEqual(awsOrigins);
    const localCsp = contentSecurityPolicy({ documents: 'http://127.0.0.1:4569', cognito: null });
    expect(cspOrigins(localCsp, local, 'http://localhost:3000')).toEqual({
      documents: 'http://127.0.0.1:4569',
      cognito: null,
    });
    expect(cspOrigins(null, aws, SITE)).toBeNull();
  });

  it('accepts what CloudFront is configured to send', () => {
    expect(securityHeaderProblems(lookup(sent), awsOrigins, { https: true })).toEqual([]);
  });

  it('names each missing or different header', () => {
    const headers = { ...without(sent, 'x-content-type-options'), 'x-frame-options': 'SAMEORIGIN' };
    expect(securityHeaderProblems(lookup(headers), awsOrigins, { https: true })).toEqual([
      'x-content-type-options missing',
      expect.stringMatching(/^x-frame-options is "SAMEORIGIN"/),
    ]);
  });

  it('requires HSTS over https only, but checks it whenever it is sent', () => {
    const noHsts = lookup(without(sent, 'strict-transport-security'));
    expect(securityHeaderProblems(noHsts, awsOrigins, { https: true })).toEqual([
      'strict-transport-security missing',
    ]);
    expect(securityHeaderProblems(noHsts, awsOrigins, { https: false })).toEqual([]);
    const shortHsts = lookup({ ...sent, 'strict-transport-security': 'max-age=60' });
    expect(securityHeaderProblems(shortHsts, awsOrigins, { https: false })).toHaveLength(1);
  });

  it('compares the CSP directive by directive', () => {
    const changed = csp
      .replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
      .replace("; object-src 'none'", '');
    const problems = securityHeaderProblems(
      lookup({ ...sent, 'content-security-policy': `${changed}; worker-src *` }),
      awsOrigins,
      { https: true },
    );
    expect(problems).toEqual([
      `content-security-policy script-src is "'self' 'unsafe-inline'", expected "'self'"`,
      'content-security-policy lacks object-src',
      'content-security-policy has unexpected worker-src',
    ]);
  });

  it('finds a CSP without the documents origin', () => {
    const headers = lookup(without(sent, 'content-security-policy'));
    expect(securityHeaderProblems(headers, null, { https: true })).toEqual([
      'content-security-policy missing',
    ]);
    const noFrames = lookup({ ...sent, 'content-security-policy': "default-src 'self'" });
    expect(securityHeaderProblems(noFrames, null, { https: true })).toEqual([
      'content-security-policy names no frame-src',
    ]);
  });
});

describe('pageProblem', () => {
  it('wants 200 HTML with the SPA root', () => {
    expect(pageProblem(200, 'text/html; charset=utf-8', '<body><div id="root"></div>')).toBeNull();
    expect(pageProblem(404, 'text/plain', 'Not found')).toBe('answered 404');
    expect(pageProblem(200, 'application/json', '{}')).toMatch(/content-type/);
    expect(pageProblem(200, 'text/html', '<p>Access denied</p>')).toMatch(/root/);
  });
});

describe('signUpProblem', () => {
  it("accepts Cognito's refusal of the password", () => {
    expect(
      signUpProblem(400, { __type: 'InvalidPasswordException', message: 'too short' }, 'a@b.c'),
    ).toBeNull();
    const param = { __type: 'InvalidParameterException', message: "Value at 'password' failed" };
    expect(signUpProblem(400, param, 'a@b.c')).toBeNull();
  });
  it('fails on anything else, and says when a user was created', () => {
    expect(signUpProblem(200, { UserSub: 'x' }, 'a@b.c')).toMatch(/user a@b.c was created/);
    const missing = { __type: 'ResourceNotFoundException', message: 'User pool client x does not exist.' };
    expect(signUpProblem(400, missing, 'a@b.c')).toBe(
      'answered 400 ResourceNotFoundException: User pool client x does not exist.',
    );
    expect(signUpProblem(400, { __type: 'InvalidParameterException', message: 'email' }, 'a@b.c')).toMatch(
      /InvalidParameterException/,
    );
  });
});

describe('corsProblem', () => {
  it('wants the origin (or *) allowed', () => {
    expect(corsProblem(200, lookup({ 'access-control-allow-origin': SITE }), SITE)).toBeNull();
    expect(corsProblem(204, lookup({ 'access-control-allow-origin': '*' }), SITE)).toBeNull();
    expect(corsProblem(403, lookup({}), SITE)).toBe('answered 403');
    expect(corsProblem(200, lookup({}), SITE)).toMatch(/missing/);
    expect(corsProblem(200, lookup({ 'access-control-allow-origin': 'https://other' }), SITE)).toMatch(
      /"https:\/\/other"/,
    );
  });
});

describe('the report', () => {
  it('is one line per check, and fails only on a failed check', () => {
    const outcomes = [
      { name: 'a', status: 'pass', detail: 'fine' },
      { name: 'b', status: 'skip', reason: 'no credentials' },
    ] as const;
    expect(outcomes.map(formatOutcome)).toEqual(['✓ a (fine)', '– b: skipped: no credentials']);
    expect(exitCode(outcomes)).toBe(0);
    expect(formatOutcome({ name: 'c', status: 'fail', reason: 'answered 500' })).toBe('✗ c: answered 500');
    expect(exitCode([...outcomes, { name: 'c', status: 'fail', reason: 'x' }])).toBe(1);
  });
});
