import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { importEmployees } from '../services/employee-invitations';

export const handler = apiHandler(ROUTES['hr-import-employees'], async ({ caller, body }) => ({
  body: await importEmployees(caller, body.csv),
}));
