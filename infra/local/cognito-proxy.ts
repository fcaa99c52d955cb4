// Puts the Cognito emulator on the app's origin (/_local/cognito) and bridges the one call
// Amplify needs that cognito-local lacks: GetTokensFromRefreshToken → REFRESH_TOKEN_AUTH.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendJson } from './http-util';

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

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
    let upstream: Response;
    if (req.method === 'POST' && target === `${TARGET_PREFIX}GetTokensFromRefreshToken`) {
      const input = JSON.parse(body.toString('utf8')) as { RefreshToken: string; ClientId: string };
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
