import type { DeletionResponse } from '@shared/api';
import { API_PATHS, apiPath } from '@shared/api-paths';
import type { DeletionRequestInput } from '@shared/schemas/journey';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';

export const requestDeletion = (request: DeletionRequestInput) =>
  apiFetch<DeletionResponse>(apiPath(API_PATHS.myDeletion), { method: 'POST', body: request });

/**
 * Deletes the account or files the request. Nothing is refetched afterwards: from now on the
 * API answers 401 to this user, and the page signs out, which clears the cache.
 */
export const useRequestDeletion = () => useMutation({ mutationFn: requestDeletion });
