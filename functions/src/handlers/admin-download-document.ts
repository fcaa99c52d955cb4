import { apiHandler } from '../lib/http';
import { documentDownload } from '../services/admin';

export const handler = apiHandler(async ({ params, query }) => ({
  body: await documentDownload(
    params.documentId ?? '',
    query.disposition === 'attachment' ? 'attachment' : 'inline',
  ),
}));
