import { apiHandler } from '../lib/http';
import { requestService } from '../services/journey';

export const handler = apiHandler(async ({ caller, params }) => ({
  status: 201,
  body: await requestService(caller, params.taskId ?? ''),
}));
