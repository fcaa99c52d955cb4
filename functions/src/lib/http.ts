import middy from '@middy/core';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type * as z from 'zod';
import { API_ERRORS } from '../../../shared/api-errors';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../shared/constants';
import { findRoute } from '../routes';
import { admit } from '../services/profiles';
import { type Account, callerFromClaims } from './caller';
import { forbidden, HttpError, notFound } from './errors';
import { log } from './log';

export type ApiEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
export type ApiResult = APIGatewayProxyStructuredResultV2;

export interface ApiRequest<B> {
  /** The admitted caller with their profile (public routes have none). */
  caller: Account;
  body: B;
  params: Record<string, string | undefined>;
  query: Record<string, string | undefined>;
  /** The caller's interface language, from Accept-Language (en or de). */
  language: Language;
}

export interface Reply {
  status?: number;
  body?: unknown;
}

export function json(status: number, body: unknown): ApiResult {
  return {
    statusCode: status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
    body: JSON.stringify(body),
  };
}

/** Validation failures as `{ field.path: localeKey }`, first message per field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.join('.') || '_';
    fields[path] ??= issue.message;
  }
  return fields;
}

/** The first supported language in an Accept-Language header. */
export function languageFrom(header: string | undefined): Language {
  for (const part of (header ?? '').split(',')) {
    const code = part.split(';')[0]?.trim().slice(0, 2).toLowerCase();
    if (isLanguage(code)) return code;
  }
  return DEFAULT_LANGUAGE;
}

function parseBody<B>(event: ApiEvent, schema: z.ZodType<B> | undefined): B {
  if (!schema) return undefined as B;
  let raw: unknown;
  try {
    const text = event.isBase64Encoded
      ? Buffer.from(event.body ?? '', 'base64').toString('utf8')
      : event.body;
    raw = text ? JSON.parse(text) : {};
  } catch {
    throw new HttpError(400, 'bad_request', API_ERRORS.bodyNotJson);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success)
    throw new HttpError(400, 'validation_failed', API_ERRORS.invalidInput, fieldErrors(parsed.error));
  return parsed.data;
}

/**
 * Authorizes from the route table (looked up by API Gateway's routeKey, so a handler
 * cannot drift from its declared access): a verified ID token, an account that exists and
 * is not being deleted (so a token that outlived its account is refused), then the role.
 */
async function authorize(event: ApiEvent): Promise<Account | null> {
  const route = findRoute(event.routeKey);
  if (!route) throw forbidden(API_ERRORS.unknownRoute);
  if (route.access === 'public') return null;
  const caller = await admit(
    callerFromClaims(event.requestContext.authorizer?.jwt?.claims),
    route.createsAccount === true,
  );
  if (route.access === 'admin' && caller.role !== 'admin') throw forbidden();
  if (route.access === 'customer' && caller.role !== 'customer') throw forbidden();
  return caller;
}

/** Every id in our paths is a UUID, a catalogue key or a document type: short and plain. */
const PATH_PARAMETER = /^[\w-]{1,128}$/;

/**
 * Path parameters that cannot name anything (too long for a DynamoDB key, odd characters)
 * are a 404 before any store call.
 */
function pathParameters(event: ApiEvent): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(event.pathParameters ?? {})) {
    if (value === undefined || !PATH_PARAMETER.test(value)) throw notFound();
    params[name] = value;
  }
  return params;
}

function toResult(error: unknown): ApiResult {
  if (error instanceof HttpError) return json(error.status, error.toBody());
  log.error('unhandled error', { error: String(error) });
  return json(500, { error: { code: 'internal', message: API_ERRORS.internal } });
}

export function apiHandler<B = undefined>(
  run: (req: ApiRequest<B>) => Promise<Reply>,
  options: { body?: z.ZodType<B> } = {},
) {
  return middy<ApiEvent, ApiResult>().handler((event, context) =>
    log.withFields({ requestId: context.awsRequestId, routeKey: event.routeKey }, async () => {
      const started = Date.now();
      const result = await respond(event);
      // One summary line per request; every other line of it carries the same request id.
      log.info('request', { status: result.statusCode, durationMs: Date.now() - started });
      return result;
    }),
  );

  async function respond(event: ApiEvent): Promise<ApiResult> {
    try {
      const caller = await authorize(event);
      const params = pathParameters(event);
      const reply = await run({
        caller: caller as Account,
        body: parseBody(event, options.body),
        params,
        query: event.queryStringParameters ?? {},
        language: languageFrom(event.headers?.['accept-language']),
      });
      if (reply.status === 204) return { statusCode: 204, headers: { 'cache-control': 'no-store' } };
      return json(reply.status ?? 200, reply.body ?? null);
    } catch (error) {
      return toResult(error);
    }
  }
}
