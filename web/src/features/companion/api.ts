import type { CompanionAnswer, CompanionHandoff, Page } from '@shared/api';
import { API_PATHS, apiPath } from '@shared/api-paths';
import type { CompanionQuestion } from '@shared/schemas/companion';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';
import { pagedQueryOptions } from '../../lib/paged-query';
import { withAnswer, withHandoff } from './history';

/** Answers are long: a page holds a few, and "Load more" brings the next. */
export const COMPANION_PAGE_SIZE = 10;

const HISTORY = ['companion'];

export const listMyCompanion = (cursor: string | null) =>
  apiFetch<Page<CompanionAnswer>>(
    apiPath(API_PATHS.myCompanion, undefined, { limit: COMPANION_PAGE_SIZE, cursor }),
  );

/** The customer's questions and answers, newest first, page by page. */
export const getCompanionHistoryQueryOptions = () => pagedQueryOptions(HISTORY, listMyCompanion);

export const useCompanionHistory = () => useInfiniteQuery(getCompanionHistoryQueryOptions());

export const askCompanion = (question: CompanionQuestion) =>
  apiFetch<CompanionAnswer>(apiPath(API_PATHS.myCompanionQuestions), { method: 'POST', body: question });

/**
 * The answer shows at once, at the top of the history; a history not loaded (its first page
 * failed) is read again, the answer in it.
 */
export function useAskCompanion() {
  const queryClient = useQueryClient();
  const { queryKey } = getCompanionHistoryQueryOptions();
  return useMutation({
    mutationFn: askCompanion,
    onSuccess: (answer) => {
      if (queryClient.getQueryData(queryKey))
        queryClient.setQueryData(queryKey, (data) => withAnswer(data, answer));
      else void queryClient.invalidateQueries({ queryKey });
    },
  });
}

export const handOffQuestion = (questionId: string) =>
  apiFetch<CompanionHandoff>(apiPath(API_PATHS.myCompanionHandoff, { questionId }), { method: 'POST' });

/** "Ask our team": the answer is marked handed off where it is shown. */
export function useHandOffQuestion() {
  const queryClient = useQueryClient();
  const { queryKey } = getCompanionHistoryQueryOptions();
  return useMutation({
    mutationFn: handOffQuestion,
    onSuccess: (handoff) => queryClient.setQueryData(queryKey, (data) => withHandoff(data, handoff)),
  });
}
