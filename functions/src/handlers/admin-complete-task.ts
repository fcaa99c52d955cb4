import { apiHandler } from '../lib/http';
import { ROUTES } from '../routes';
import { completeSupportTask } from '../services/journey';

export const handler = apiHandler(ROUTES['admin-complete-task'], async ({ params, body }) => ({
  body: await completeSupportTask(params.taskId, body),
}));
