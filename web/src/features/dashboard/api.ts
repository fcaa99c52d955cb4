import type { CalendarLink, Conversation, JourneyResponse, Message, Workflow } from '@shared/api';
import { API_PATHS, apiPath } from '@shared/api-paths';
import { HISTORY_PAGE_SIZE } from '@shared/constants';
import type { MessageInput, MessagesRead } from '@shared/schemas/messages';
import type { ServiceRequestInput } from '@shared/schemas/service-request';
import type { ServiceAnswers } from '@shared/service-questions';
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../lib/api';
import { addSent, conversationQueryOptions, setRead } from '../../lib/conversation';
import { setMyUnread } from '../../lib/me';
import { JOURNEY_QUERY_KEY } from '../../lib/my-documents';

// Phase and task texts come from the server in the interface language: the language is part
// of these queries' keys, and the previous language's answer stays on screen while the next
// one loads, so switching languages shows no spinner.

export const getJourney = (language: string) =>
  apiFetch<JourneyResponse>(apiPath(API_PATHS.myJourney), { language });

export const getJourneyQueryOptions = (language: string) =>
  queryOptions({
    queryKey: [...JOURNEY_QUERY_KEY, language],
    queryFn: () => getJourney(language),
    placeholderData: keepPreviousData,
  });

export function useJourney() {
  const { i18n } = useTranslation();
  return useQuery(getJourneyQueryOptions(i18n.language));
}

export const listWorkflows = (language: string) =>
  apiFetch<Workflow[]>(apiPath(API_PATHS.myWorkflows), { language });

export const getWorkflowsQueryOptions = (language: string) =>
  queryOptions({
    queryKey: ['workflows', language],
    queryFn: () => listWorkflows(language),
    placeholderData: keepPreviousData,
  });

export function useWorkflows() {
  const { i18n } = useTranslation();
  return useQuery(getWorkflowsQueryOptions(i18n.language));
}

// Prefixes of the keys above, every language at once.
const JOURNEY = JOURNEY_QUERY_KEY;
const WORKFLOWS = ['workflows'];

export const completeTask = ({ taskId, notes }: { taskId: string; notes: string }) =>
  apiFetch(apiPath(API_PATHS.myTaskCompletion, { taskId }), {
    method: 'POST',
    body: notes ? { notes } : {},
  });

/** Self-completion changes the task and its phase's progress. */
export function useCompleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: JOURNEY }),
  });
}

export const requestService = ({ taskId, answers }: { taskId: string; answers: ServiceAnswers }) =>
  apiFetch(apiPath(API_PATHS.myServiceRequest, { taskId }), {
    method: 'POST',
    body: { answers } satisfies ServiceRequestInput,
  });

/** A request's change moves its task too: the journey and the requests load again. */
const requestsChanged = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: JOURNEY }),
    queryClient.invalidateQueries({ queryKey: WORKFLOWS }),
  ]);

/** A service request puts the task in progress and opens a workflow. */
export function useRequestService() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: requestService, onSuccess: () => requestsChanged(queryClient) });
}

export const withdrawRequest = (workflowId: string) =>
  apiFetch<Workflow>(apiPath(API_PATHS.myWorkflowWithdrawal, { workflowId }), { method: 'POST' });

/** A withdrawn request is cancelled and its task not started again. */
export function useWithdrawRequest() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: withdrawRequest, onSuccess: () => requestsChanged(queryClient) });
}

// ---- the customer's conversation with the support team ----

const CONVERSATION = ['messages'];

export const listMyMessages = (cursor: string | null) =>
  apiFetch<Conversation>(apiPath(API_PATHS.myMessages, undefined, { limit: HISTORY_PAGE_SIZE, cursor }));

/** The pages loaded so far, the newest read again every few seconds while shown (lib/conversation.ts). */
export const getMyConversationQueryOptions = () => conversationQueryOptions(CONVERSATION, listMyMessages);

export const useMyConversation = () => useInfiniteQuery(getMyConversationQueryOptions());

export const sendMyMessage = (message: MessageInput) =>
  apiFetch<Message>(apiPath(API_PATHS.myMessages), { method: 'POST', body: message });

/** The message shows at once; the conversation is read again (the team may have written too). */
export function useSendMyMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMyMessage,
    onSuccess: (message) => addSent(queryClient, CONVERSATION, message),
  });
}

/** `seen`: how many unread messages the view showed (one that came after stays unread). */
export const readMyMessages = (seen: number) =>
  apiFetch<{ unread: number }>(apiPath(API_PATHS.myMessagesRead), {
    method: 'POST',
    body: { seen } satisfies MessagesRead,
  });

/** The team's messages are read: no unread count on the conversation, the card or the avatar menu. */
export function useReadMyMessages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: readMyMessages,
    onSuccess: () => {
      setRead(queryClient, CONVERSATION);
      setMyUnread(queryClient, 0);
    },
    // Nothing the customer did fails: the next look at the conversation tries again.
    onError: (error) => console.error('Could not mark the messages read', error),
  });
}

export const getCalendarLink = () => apiFetch<CalendarLink>(apiPath(API_PATHS.myCalendar));

/** The calendar feed's secret address (created on first use); My Account's reset replaces it. */
export const getCalendarLinkQueryOptions = () =>
  queryOptions({ queryKey: ['calendar'], queryFn: getCalendarLink, staleTime: Number.POSITIVE_INFINITY });

export const useCalendarLink = () => useQuery(getCalendarLinkQueryOptions());
