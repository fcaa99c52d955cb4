import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { requestService } from '../services/workflows';

export const handler = apiHandler(ROUTES['request-service'], async ({ caller, params, body }) => ({
  status: 201,
  body: await requestService(caller, params.taskId, body.answers),
}));
