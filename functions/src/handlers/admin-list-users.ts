import { API_ERRORS } from '../../../shared/api-errors';
import { pageQuerySchema } from '../../../shared/schemas/pagination';
import { HttpError } from '../lib/errors';
import { apiHandler, fieldErrors } from '../lib/http';
import { listCustomerPage } from '../services/profiles';

export const handler = apiHandler(async ({ query }) => {
  const parsed = pageQuerySchema.safeParse(query);
  if (!parsed.success)
    throw new HttpError(400, 'validation_failed', API_ERRORS.invalidInput, fieldErrors(parsed.error));
  return { body: await listCustomerPage(parsed.data) };
});
