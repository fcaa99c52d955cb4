import { deletionRequestSchema } from '../../../shared/schemas/journey';
import { apiHandler } from '../lib/http';
import { requestDeletion } from '../services/account';

export const handler = apiHandler(
  async ({ caller, body }) => ({ body: await requestDeletion(caller, body.reason) }),
  { body: deletionRequestSchema },
);
