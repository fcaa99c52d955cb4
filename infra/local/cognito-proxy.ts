// Puts the Cognito emulator on the app's origin (/_local/cognito) and bridges the one call
// Amplify needs that cognito-local lacks: GetTokensFromRefreshToken → REFRESH_TOKEN_AUTH.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PASSWORD_MIN_LENGTH } from '@shared/constants';
import { BROWSER_COGNITO_OPERATIONS, cognitoTarget } from '../config/cognito-operations';
import { readBody, sendJson } from './http-util';

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

// Only the calls a browser may make against a real pool (no IAM credentials): the emulator
// checks no signatures, so Admin* and pool management must not be reachable from the page.
const PUBLIC_TARGETS = new Set<string>(BROWSER_COGNITO_OPERATIONS.map(cognitoTarget));

const PASSWORD_FIELDS: Record<string, string> = {
  [`${TARGET_PREFIX}SignUp`]: 'Password',
  [`${TARGET_PREFIX}ConfirmForgotPassword`]: 'Password',
  [`${TARGET_PREFIX}ChangePassword`]: 'ProposedPassword',
};

/** cognito-local ignores the pool's password policy; real Cognito enforces it, so do we. */
function passwordPolicyError(target: string, input: Record<string, unknown>): string | null {
  const field = PASSWORD_FIELDS[target];
  if (!field) return null;
  const password = input[field];
  return typeof password === 'string' && password.length >= PASSWORD_MIN_LENGTH
    ? null
    : 'Password did not conform with policy: Password not long enough';
}

export function createCognitoProxy(cognitoUrl: string) {
  async function call(target: string, payload: unknown) {
    return fetch(`${cognitoUrl}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `${TARGET_PREFIX}${target}` },
      body: JSON.stringify(payload),
    });
  }

  return async function handle(req: IncomingMessage, res: ServerResponse, subPath: string) {
    const body = await readBody(req, 1024 * 1024);
    const target = String(req.headers['x-amz-target'] ?? '');
    if (req.method === 'POST' && !PUBLIC_TARGETS.has(target)) {
      return sendJson(res, 400, {
        __type: 'NotAuthorizedException',
        message: `${target || 'This call'} is not available from the browser`,
      });
    }
    let input: Record<string, unknown> = {};
    if (req.method === 'POST') {
      try {
        input = JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>;
      } catch {
        return sendJson(res, 400, { __type: 'SerializationException', message: 'Request body is not JSON' });
      }
    }
    const policyError = passwordPolicyError(target, input);
    if (policyError) return sendJson(res, 400, { __type: 'InvalidPasswordException', message: policyError });
    let upstream: Response;
    if (req.method === 'POST' && target === `${TARGET_PREFIX}GetTokensFromRefreshToken`) {
      upstream = await call('InitiateAuth', {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: input.ClientId,
        AuthParameters: { REFRESH_TOKEN: input.RefreshToken },
      });
      if (upstream.ok) {
        const result = (await upstream.json()) as { AuthenticationResult: Record<string, unknown> };
        return sendJson(res, 200, {
          AuthenticationResult: { RefreshToken: input.RefreshToken, ...result.AuthenticationResult },
        });
      }
    } else {
      upstream = await fetch(`${cognitoUrl}${subPath || '/'}`, {
        method: req.method,
        headers: {
          'content-type': String(req.headers['content-type'] ?? 'application/x-amz-json-1.1'),
          ...(target ? { 'x-amz-target': target } : {}),
        },
        body: req.method === 'GET' || req.method === 'HEAD' ? undefined : new Uint8Array(body),
      });
    }
    const text = await upstream.text();
    res.writeHead(upstream.status, {
      'content-type': upstream.headers.get('content-type') ?? 'application/x-amz-json-1.1',
      'cache-control': 'no-store',
      ...(upstream.headers.get('x-amzn-errortype')
        ? { 'x-amzn-errortype': String(upstream.headers.get('x-amzn-errortype')) }
        : {}),
    });
    res.end(text);
  };
}
