import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { changeWorkflowOwner } from '../services/owners';

export const handler = apiHandler(
  ROUTES['admin-set-workflow-owner'],
  async ({ caller, params, body, language }) => ({
    body: await changeWorkflowOwner(caller, params.workflowId, body.owner_id, language),
  }),
);
