// Structured one-line JSON logs (CloudWatch-friendly). Lines written while a request is
// handled carry its request id and route, like Powertools' logger: AsyncLocalStorage keeps
// that per request even when the local server runs several handlers in one process.
import { AsyncLocalStorage } from 'node:async_hooks';

type Fields = Record<string, unknown>;

const requestFields = new AsyncLocalStorage<Fields>();

function write(level: 'info' | 'warn' | 'error', message: string, fields: Fields = {}) {
  const line = JSON.stringify({
    level,
    message,
    time: new Date().toISOString(),
    ...requestFields.getStore(),
    ...fields,
  });
  if (level === 'error') console.error(line);
  else console.log(line);
}

export const log = {
  info: (message: string, fields?: Fields) => write('info', message, fields),
  warn: (message: string, fields?: Fields) => write('warn', message, fields),
  error: (message: string, fields?: Fields) => write('error', message, fields),
  /** Runs one request's work so that every line it logs carries these fields. */
  withFields: <T>(fields: Fields, run: () => Promise<T>): Promise<T> => requestFields.run(fields, run),
};
