import { completeTaskSchema } from '../../../shared/schemas/journey';
import { apiHandler } from '../lib/http';
import { completeSupportTask } from '../services/admin';

export const handler = apiHandler(
  async ({ params, body }) => ({ body: await completeSupportTask(params.taskId ?? '', body.notes) }),
  { body: completeTaskSchema },
);
