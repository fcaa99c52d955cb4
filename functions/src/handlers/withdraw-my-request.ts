import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { withdrawMyRequest } from '../services/workflows';

export const handler = apiHandler(ROUTES['withdraw-my-request'], async ({ caller, params, language }) => ({
  body: await withdrawMyRequest(caller, params.workflowId, language),
}));
