import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { myCompanionHistory } from '../services/companion-history';

export const handler = apiHandler(ROUTES['list-my-companion'], async ({ caller, query }) => ({
  body: await myCompanionHistory(caller, query),
}));
