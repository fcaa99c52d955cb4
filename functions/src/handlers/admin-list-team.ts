import { apiHandler } from '../edge/http';
import { ROUTES } from '../routes';
import { teamMembers } from '../services/owners';

export const handler = apiHandler(ROUTES['admin-list-team'], async () => ({ body: await teamMembers() }));
