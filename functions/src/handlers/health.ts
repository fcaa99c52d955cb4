import type { HealthResponse } from '../../../shared/api';
import { env } from '../config';
import { apiHandler } from '../lib/http';

export const handler = apiHandler(async () => {
  const body: HealthResponse = { status: 'ok', stage: env.stage };
  return { body };
});
