// Structured one-line JSON logs through Powertools' Logger (level from POWERTOOLS_LOG_LEVEL,
// default INFO; service 'relocation'). Lines written while an invocation is handled carry its
// request id, cold-start flag, function name and route (lib/lambda.ts sets them). Those fields
// are kept per invocation in AsyncLocalStorage, not in the Logger (whose Lambda context is one
// per process): the local stack runs every handler in one process, requests in parallel, and
// a line must never carry another request's id.
import { AsyncLocalStorage } from 'node:async_hooks';
import { Logger } from '@aws-lambda-powertools/logger';

/** The service every log line, metric (its `service` dimension) and trace is named by. */
export const SERVICE_NAME = 'relocation';

type Fields = Record<string, unknown>;

const invocationFields = new AsyncLocalStorage<Fields>();

/** The Powertools logger behind `log` (not exported: every line must get the invocation's fields). */
const logger = new Logger({ serviceName: SERVICE_NAME });

type Level = 'debug' | 'info' | 'warn' | 'error';

// An Error among the fields is written with its name, message and stack (Powertools).
function write(level: Level, message: string, fields?: Fields) {
  logger[level](message, { ...invocationFields.getStore(), ...fields });
}

export const log = {
  debug: (message: string, fields?: Fields) => write('debug', message, fields),
  info: (message: string, fields?: Fields) => write('info', message, fields),
  warn: (message: string, fields?: Fields) => write('warn', message, fields),
  error: (message: string, fields?: Fields) => write('error', message, fields),
  /** Runs one invocation's work so that every line it logs carries these fields (and the outer ones). */
  withFields: <T>(fields: Fields, run: () => Promise<T>): Promise<T> =>
    invocationFields.run({ ...invocationFields.getStore(), ...fields }, run),
};
