import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { completeMyTask } from '../services/journey';

export const handler = apiHandler(ROUTES['complete-my-task'], async ({ caller, params, body }) => ({
  body: await completeMyTask(caller, params.taskId, body.notes),
}));
