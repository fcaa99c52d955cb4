import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { changeWorkflow } from '../services/workflows';

export const handler = apiHandler(
  ROUTES['admin-update-workflow'],
  async ({ caller, params, body, language }) => ({
    body: await changeWorkflow(caller, params.workflowId, body, language),
  }),
);
