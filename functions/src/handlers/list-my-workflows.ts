import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { listMyWorkflows } from '../services/workflows';

export const handler = apiHandler(ROUTES['list-my-workflows'], async ({ caller, language }) => ({
  body: await listMyWorkflows(caller, language),
}));
