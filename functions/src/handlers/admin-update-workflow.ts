import { apiHandler } from '../lib/http';
import { ROUTES } from '../routes';
import { changeWorkflow } from '../services/journey';

export const handler = apiHandler(ROUTES['admin-update-workflow'], async ({ params, body, language }) => ({
  body: await changeWorkflow(params.workflowId, body, language),
}));
