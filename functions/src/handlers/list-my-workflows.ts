import { apiHandler } from '../lib/http';
import { listMyWorkflows } from '../services/journey';

export const handler = apiHandler(async ({ caller, language }) => ({
  body: await listMyWorkflows(caller, language),
}));
