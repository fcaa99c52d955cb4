import type { DocumentRecord } from '@shared/api';
import { API_PATHS, apiPath } from '@shared/api-paths';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from './api';
import { getMeQueryOptions } from './me';

// The customer's documents: one query for onboarding's step 2, My Documents and the dashboard's
// Expiring soon card, so a page after the first reads them from the cache.

export const listMyDocuments = () => apiFetch<DocumentRecord[]>(apiPath(API_PATHS.myDocuments));

export const getMyDocumentsQueryOptions = () =>
  queryOptions({ queryKey: ['documents'], queryFn: listMyDocuments });

export const useMyDocuments = () => useQuery(getMyDocumentsQueryOptions());

/** The prefix of the journey's queries (one per language; features/dashboard/api.ts). */
export const JOURNEY_QUERY_KEY = ['journey'] as const;

/**
 * After a document was added, replaced, changed or removed: the list, the profile (its document
 * count) and the journey load again.
 */
export const reloadAfterDocumentChange = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: getMyDocumentsQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: getMeQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: JOURNEY_QUERY_KEY }),
  ]);
