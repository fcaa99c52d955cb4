import type { HealthResponse } from '@shared/api';
import { env } from '../config';
import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';

export const handler = apiHandler(ROUTES.health, async () => {
  const body: HealthResponse = { status: 'ok', stage: env.stage };
  return { body };
});
