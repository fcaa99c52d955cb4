import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { getEmployee } from '../services/company-view';

export const handler = apiHandler(ROUTES['hr-get-employee'], async ({ caller, params }) => ({
  body: await getEmployee(caller, params.employeeId),
}));
