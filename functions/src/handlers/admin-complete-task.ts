import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { completeSupportTask } from '../services/journey';

export const handler = apiHandler(ROUTES['admin-complete-task'], async ({ caller, params, body }) => ({
  body: await completeSupportTask(caller, params.taskId, body),
}));
