// The edge: an API Gateway event in, a JSON response out. Everything a route declares in the
// route table (routes.ts) is enforced here, once, before its handler runs: who may call it,
// which account it acts for, the shape of its path, query and body. Domain errors become
// HTTP responses here and nowhere else.

import type { MiddlewareObj } from '@middy/core';
import type { ErrorBody, ErrorCode } from '@shared/api';
import { API_ERRORS, type ApiErrorKey } from '@shared/api-errors';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@shared/constants';
import type {
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import type * as z from 'zod';
import {
  DomainError,
  type DomainErrorKind,
  Forbidden,
  fieldErrors,
  ImportRefused,
  Invalid,
  NotFound,
  ValidationFailed,
} from '../lib/errors';
import { lambdaHandler } from '../lib/lambda';
import { log } from '../lib/log';
import { type Access, needsSecondFactor, type RouteConfig, routeKey } from '../routes';
import { admit, admitWithPartition } from './admission';
import {
  type Account,
  type AdminAccount,
  type CustomerAccount,
  callerFromClaims,
  type HrAccount,
  type WithPartition,
} from './caller';
import { requireSecondFactor } from './second-factor';

export type ApiEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
export type ApiResult = APIGatewayProxyStructuredResultV2;

/** Each domain error's response: the one place errors meet HTTP. */
export const DOMAIN_ERROR_HTTP: Record<DomainErrorKind, { status: number; code: ErrorCode }> = {
  invalid: { status: 400, code: 'bad_request' },
  validation: { status: 400, code: 'validation_failed' },
  unauthenticated: { status: 401, code: 'unauthorized' },
  forbidden: { status: 403, code: 'forbidden' },
  secondFactorRequired: { status: 403, code: 'mfa_required' },
  notFound: { status: 404, code: 'not_found' },
  conflict: { status: 409, code: 'conflict' },
  tooLarge: { status: 413, code: 'payload_too_large' },
  tooMany: { status: 429, code: 'too_many_requests' },
};

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
type CallerFor<A extends Access> = A extends 'customer'
  ? CustomerAccount
  : A extends 'admin'
    ? AdminAccount
    : A extends 'hr'
      ? HrAccount
      : Account;

/** A request as a route's handler sees it: every part already checked against the route's row. */
export type ApiRequest<R extends RouteConfig> = {
  body: Parsed<R['body']>;
  params: R['params'] extends Readonly<Record<string, z.ZodType>>
    ? { [K in keyof R['params']]: z.output<R['params'][K]> }
    : Record<string, never>;
  query: Parsed<R['query']>;
  /** The caller's interface language, from Accept-Language (en or de). */
  language: Language;
} & (R['access'] extends 'public'
  ? unknown
  : {
      /**
       * The admitted caller with their profile, of the role the route is for; with their
       * whole partition when the route admits from it (`readsPartition`).
       */
      caller: R['readsPartition'] extends true
        ? WithPartition<CallerFor<R['access']>>
        : CallerFor<R['access']>;
    });

export interface Reply {
  status?: number;
  body?: unknown;
  /** A reply that is not JSON (a calendar file, a redirect, an empty 404): sent as it is. */
  raw?: { text: string; headers: Record<string, string> };
}

export function json(status: number, body: unknown): ApiResult {
  return {
    statusCode: status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
    body: JSON.stringify(body),
  };
}

/** The first supported language in an Accept-Language header. */
export function languageFrom(header: string | undefined): Language {
  for (const part of (header ?? '').split(',')) {
    const code = part.split(';')[0]?.trim().slice(0, 2).toLowerCase();
    if (isLanguage(code)) return code;
  }
  return DEFAULT_LANGUAGE;
}

function validated(schema: z.ZodType, raw: unknown): unknown {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new ValidationFailed(fieldErrors(parsed.error));
  return parsed.data;
}

function parseBody(event: ApiEvent, schema: z.ZodType | undefined): unknown {
  if (!schema) return undefined;
  let raw: unknown;
  try {
    const text = event.isBase64Encoded
      ? Buffer.from(event.body ?? '', 'base64').toString('utf8')
      : event.body;
    raw = text ? JSON.parse(text) : {};
  } catch {
    throw new Invalid('bodyNotJson');
  }
  return validated(schema, raw);
}

const isApiErrorKey = (message: string): message is ApiErrorKey => Object.hasOwn(API_ERRORS, message);

/**
 * Path parameters that fail their schema (too long for a DynamoDB key, odd characters, a
 * document type we do not have) cannot name anything: not found, before any store call.
 */
function parseParams(event: ApiEvent, shape: RouteConfig['params']): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, schema] of Object.entries(shape ?? {})) {
    const parsed = schema.safeParse(event.pathParameters?.[name]);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? '';
      throw new NotFound(isApiErrorKey(message) ? message : 'notFound');
    }
    params[name] = parsed.data;
  }
  return params;
}

/**
 * Authorizes from the handler's own row of the route table: the event must be for that
 * route (a handler mounted elsewhere refuses), then a verified ID token, an account that
 * exists and is not being deleted (so a token that outlived its account is refused), then
 * the role, and for a staff route (admin, hr) the second factor; an HR route also needs the
 * caller's membership of a company (read with the account: a revoked HR user is refused at once).
 */
async function authorize(event: ApiEvent, route: RouteConfig): Promise<Account | null> {
  if (event.routeKey !== routeKey(route)) throw new Forbidden('unknownRoute');
  if (route.access === 'public') return null;
  const claimed = callerFromClaims(event.requestContext.authorizer?.jwt?.claims);
  const mayWrite = route.permissions.table === 'write';
  const caller = route.readsPartition
    ? await admitWithPartition(claimed, mayWrite)
    : await admit(claimed, route.createsAccount === true, mayWrite);
  if (route.access !== 'user' && caller.role !== route.access) throw new Forbidden();
  if (needsSecondFactor(route)) await requireSecondFactor(caller.userId);
  if (route.access === 'hr' && !caller.companyId) throw new Forbidden('notCompanyMember');
  return caller;
}

function errorBody(error: DomainError): ErrorBody {
  return {
    error: {
      code: DOMAIN_ERROR_HTTP[error.kind].code,
      message: error.message,
      messageKey: `apiErrors.${error.reason}`,
      ...(error.fields ? { fields: error.fields } : {}),
      ...(error instanceof ImportRefused ? { rows: error.rows } : {}),
    },
  };
}

function toResult(error: unknown): ApiResult {
  if (error instanceof DomainError) return json(DOMAIN_ERROR_HTTP[error.kind].status, errorBody(error));
  log.error('unhandled error', { error });
  return json(500, { error: { code: 'internal', message: API_ERRORS.internal } });
}

type ApiMiddleware = MiddlewareObj<ApiEvent, ApiResult, Error, Context, { startedAt?: number }>;

/**
 * Every error a route's work throws becomes its response here, once for all routes: a domain
 * error the response DOMAIN_ERROR_HTTP gives its kind, anything else a 500 (logged) that says
 * nothing of its cause. No error leaves an API Lambda.
 */
const domainErrorsToHttp: ApiMiddleware = {
  onError: (request) => {
    request.response = toResult(request.error);
  },
};

/** One summary line per request, with the status answered (an error's too) and the time taken. */
const requestLine: ApiMiddleware = {
  before: (request) => {
    request.internal.startedAt = Date.now();
  },
  after: logRequest,
  // Runs after domainErrorsToHttp's (onError runs inner first): the response is the error's.
  onError: logRequest,
};

function logRequest({ response, internal }: Parameters<NonNullable<ApiMiddleware['after']>>[0]) {
  log.info('request', {
    status: response?.statusCode,
    durationMs: Date.now() - (internal.startedAt ?? 0),
  });
}

/** The Lambda handler of one route: `apiHandler(ROUTES['get-me'], async ({ caller }) => ...)`. */
export function apiHandler<const R extends RouteConfig>(
  route: R,
  run: (req: ApiRequest<R>) => Promise<Reply>,
) {
  // Every line of the request carries its request id, cold start and route (lib/lambda.ts).
  return lambdaHandler<ApiEvent, ApiResult>((event) => ({ routeKey: event.routeKey }), respond, [
    requestLine,
    domainErrorsToHttp,
  ]);

  async function respond(event: ApiEvent): Promise<ApiResult> {
    const caller = await authorize(event, route);
    const params = parseParams(event, route.params);
    const body = parseBody(event, route.body);
    const query = route.query ? validated(route.query, event.queryStringParameters ?? {}) : undefined;
    const language = languageFrom(event.headers?.['accept-language']);
    const request = { params, body, query, language, ...(caller ? { caller } : {}) };
    const reply = await run(request as unknown as ApiRequest<R>);
    if (reply.raw)
      return {
        statusCode: reply.status ?? 200,
        headers: { 'cache-control': 'no-store', ...reply.raw.headers },
        body: reply.raw.text,
      };
    if (reply.status === 204) return { statusCode: 204, headers: { 'cache-control': 'no-store' } };
    return json(reply.status ?? 200, reply.body ?? null);
  }
}
