// A small stand-in for API Gateway HTTP API: route matching from the route table, the
// JWT authorizer (same issuer/audience checks), and the payload v2 event the Lambdas get.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type RouteDef, routeKey, routes } from '@functions/routes';
import { JwtVerifier } from 'aws-jwt-verify';
import type { Jwks } from 'aws-jwt-verify/jwk';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import type {
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import { countDynamoCalls, DYNAMODB_CALLS_HEADER, describeCalls } from './dynamodb-calls';
import { BodyTooLargeError, readBody, sendJson } from './http-util';

type Handler = (
  event: APIGatewayProxyEventV2WithJWTAuthorizer,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

// API Gateway's own limit on request payloads.
const MAX_BODY = 10 * 1024 * 1024;

interface CompiledRoute {
  route: RouteDef;
  pattern: RegExp;
  params: string[];
}

function compile(route: RouteDef): CompiledRoute {
  const params: string[] = [];
  const source = route.path
    .split('/')
    .map((part) => {
      const m = /^\{(\w+)\}$/.exec(part);
      if (!m?.[1]) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      params.push(m[1]);
      return '([^/]+)';
    })
    .join('/');
  return { route, pattern: new RegExp(`^${source}$`), params };
}

/** API Gateway hands claims to Lambdas as strings, arrays flattened to "[a b]". */
export function toGatewayClaims(payload: JwtPayload): Record<string, string> {
  const claims: Record<string, string> = {};
  for (const [key, value] of Object.entries(payload)) {
    claims[key] = Array.isArray(value) ? `[${value.join(' ')}]` : String(value);
  }
  return claims;
}

/** Path parameters, percent-decoded; null when one is not valid percent-encoding. */
export function decodePathParameters(names: string[], values: string[]): Record<string, string> | null {
  try {
    return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(values[i] ?? '')]));
  } catch {
    return null;
  }
}

export function createApiGateway(options: {
  issuer: string;
  audience: string;
  jwks: Jwks;
  loadHandler: (name: string) => Promise<Handler>;
}) {
  const verifier = JwtVerifier.create({
    issuer: options.issuer,
    audience: options.audience,
    jwksUri: `${options.issuer}/.well-known/jwks.json`,
  });
  // The emulator's JWKS is fetched once at start; the verifier never goes to the network.
  verifier.cacheJwks(options.jwks);
  const compiled = routes.map(compile);

  async function verify(header: string | undefined): Promise<Record<string, string> | null> {
    const token = header?.replace(/^Bearer\s+/i, '');
    if (!token) return null;
    try {
      return toGatewayClaims(await verifier.verify(token));
    } catch {
      return null;
    }
  }

  return async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const method = req.method ?? 'GET';
    let match: { entry: CompiledRoute; values: string[] } | undefined;
    for (const entry of compiled) {
      const m = entry.route.method === method ? entry.pattern.exec(url.pathname) : null;
      if (m) {
        match = { entry, values: m.slice(1) };
        break;
      }
    }
    if (!match) return sendJson(res, 404, { message: 'Not Found' });
    const { route } = match.entry;

    let claims: Record<string, string> | null = null;
    if (route.access !== 'public') {
      claims = await verify(req.headers.authorization);
      if (!claims) return sendJson(res, 401, { message: 'Unauthorized' });
    }

    let body: Buffer;
    try {
      body = await readBody(req, MAX_BODY);
    } catch (error) {
      if (error instanceof BodyTooLargeError)
        return sendJson(res, 413, { message: 'Request Entity Too Large' });
      throw error;
    }

    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(',') : value;
    }
    // API Gateway answers a path it cannot decode itself; it never reaches a Lambda.
    const pathParameters = decodePathParameters(match.entry.params, match.values);
    if (!pathParameters) return sendJson(res, 400, { message: 'Bad Request' });
    const query = Object.fromEntries(url.searchParams.entries());
    const requestId = randomUUID();
    const key = routeKey(route);
    const now = new Date();
    const event = {
      version: '2.0',
      routeKey: key,
      rawPath: url.pathname,
      rawQueryString: url.search.replace(/^\?/, ''),
      headers,
      queryStringParameters: Object.keys(query).length ? query : undefined,
      pathParameters: Object.keys(pathParameters).length ? pathParameters : undefined,
      body: body.length ? body.toString('utf8') : undefined,
      isBase64Encoded: false,
      requestContext: {
        accountId: 'local',
        apiId: 'local',
        domainName: url.host,
        domainPrefix: url.hostname,
        http: {
          method,
          path: url.pathname,
          protocol: 'HTTP/1.1',
          sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
          userAgent: headers['user-agent'] ?? '',
        },
        requestId,
        routeKey: key,
        stage: '$default',
        time: now.toISOString(),
        timeEpoch: now.getTime(),
        authorizer: { principalId: '', integrationLatency: 0, jwt: { claims: claims ?? {}, scopes: [] } },
      },
    } as APIGatewayProxyEventV2WithJWTAuthorizer;
    const context = { awsRequestId: requestId, functionName: route.handler } as Context;

    const handler = await options.loadHandler(route.handler);
    const { result, operations } = await countDynamoCalls(() => handler(event, context));
    const responseHeaders = { ...(result.headers as Record<string, string>) };
    if (operations.length > 0) responseHeaders[DYNAMODB_CALLS_HEADER] = describeCalls(operations);
    res.writeHead(result.statusCode ?? 200, responseHeaders);
    res.end(result.body ?? '');
  };
}
