import { completeTaskSchema } from '../../../shared/schemas/journey';
import { apiHandler } from '../lib/http';
import { completeMyTask } from '../services/journey';

export const handler = apiHandler(
  async ({ caller, params, body }) => ({
    body: await completeMyTask(caller, params.taskId ?? '', body.notes),
  }),
  { body: completeTaskSchema },
);
