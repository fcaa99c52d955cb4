import { workflowUpdateSchema } from '../../../shared/schemas/admin';
import { apiHandler } from '../lib/http';
import { changeWorkflow } from '../services/admin';

export const handler = apiHandler(
  async ({ params, body, language }) => ({
    body: await changeWorkflow(params.workflowId ?? '', body, language),
  }),
  { body: workflowUpdateSchema },
);
