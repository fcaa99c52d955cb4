import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { exportMyData } from '../services/data-export';

export const handler = apiHandler(ROUTES['export-my-data'], async ({ caller }) => ({
  body: await exportMyData(caller),
}));
