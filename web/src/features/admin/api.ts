import type {
  AdminUserDetail,
  AuditRecord,
  CompanyDetail,
  CompanySummary,
  Conversation,
  DocumentRecord,
  DownloadLink,
  EmployeeListItem,
  Message,
  Page,
  PendingDeletion,
  Profile,
  TeamMember,
  Workflow,
} from '@shared/api';
import { API_PATHS, apiPath } from '@shared/api-paths';
import type { CompanyFilter } from '@shared/company-filters';
import { HISTORY_PAGE_SIZE } from '@shared/constants';
import type { CustomerFilter, CustomerStats } from '@shared/customer-filters';
import type { QueueFilter, QueueItem } from '@shared/request-queue';
import type {
  DeletionRejection,
  Disposition,
  OwnerInput,
  SupportCompletion,
  WorkflowUpdate,
} from '@shared/schemas/admin';
import type { CompanyDeletion, CompanyInput, HrInvitationInput } from '@shared/schemas/company';
import type { DocumentExpiry } from '@shared/schemas/documents';
import type { MessageInput, MessagesRead } from '@shared/schemas/messages';
import type { AdminProfileInput } from '@shared/schemas/profile';
import {
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
import { pagedQueryOptions } from '../../lib/paged-query';
import { uploadDocumentFile } from '../../lib/upload';
import { CUSTOMER_PAGE_SIZE } from './customers';

// ---- the stat cards, the customer list and the pending deletion requests (admin dashboard) ----

/** Every query of the customer stats and list (all filters and searches): the key's prefix. */
const customersKey = ['admin', 'customers'] as const;

/** The stat cards' figures, counted by the server. */
export const getCustomerStats = () => apiFetch<CustomerStats>(apiPath(API_PATHS.adminStats));

export const getCustomerStatsQueryOptions = () =>
  queryOptions({ queryKey: [...customersKey, 'stats'], queryFn: getCustomerStats });

export const useCustomerStats = () => useQuery(getCustomerStatsQueryOptions());

/** One page of a filter's customers, newest first; with a search, those matching it. */
export const listCustomers = (filter: CustomerFilter, search: string, cursor: string | null) =>
  apiFetch<Page<Profile>>(
    apiPath(API_PATHS.adminUsers, undefined, { filter, search, limit: CUSTOMER_PAGE_SIZE, cursor }),
  );

/**
 * The pages of one filter and search loaded so far (the first at once, the next ones on "Load
 * more"). The key holds what the server is asked, nothing of the interface language: a
 * language (or dictionary) arriving later must not load the list again.
 */
export const getCustomerPagesQueryOptions = (filter: CustomerFilter, search: string) =>
  pagedQueryOptions([...customersKey, 'list', filter, search], (cursor) =>
    listCustomers(filter, search, cursor),
  );

export const useCustomerPages = (filter: CustomerFilter, search: string) =>
  useInfiniteQuery(getCustomerPagesQueryOptions(filter, search));

/** One page of the pending deletion requests, newest first. */
export const listDeletionRequests = (cursor: string | null) =>
  apiFetch<Page<PendingDeletion>>(
    apiPath(API_PATHS.adminDeletionRequests, undefined, { limit: CUSTOMER_PAGE_SIZE, cursor }),
  );

/** The pages of pending deletion requests loaded so far (the first at once, more on request). */
export const getDeletionRequestsQueryOptions = () =>
  pagedQueryOptions(['admin', 'deletion-requests'], listDeletionRequests);

export const useDeletionRequests = () => useInfiniteQuery(getDeletionRequestsQueryOptions());

/** How many pending deletion requests the dashboard's card shows (the rest: their own page). */
export const NEWEST_DELETIONS = 5;

/**
 * The newest pending deletion requests, for the dashboard's card: one page of NEWEST_DELETIONS
 * (under the list's key, so every change that drops the list drops it too).
 */
export const getNewestDeletionsQueryOptions = () =>
  queryOptions({
    queryKey: [...getDeletionRequestsQueryOptions().queryKey, 'newest'],
    queryFn: () =>
      apiFetch<Page<PendingDeletion>>(
        apiPath(API_PATHS.adminDeletionRequests, undefined, { limit: NEWEST_DELETIONS }),
      ),
  });

export const useNewestDeletions = () => useQuery(getNewestDeletionsQueryOptions());

// ---- one user (user page) ----

export const getUser = (userId: string, language: string) =>
  apiFetch<AdminUserDetail>(apiPath(API_PATHS.adminUser, { userId }), { language });

/** Every cached language of one user's detail (the key's prefix). */
const userKey = (userId: string) => ['admin', 'user', userId];

export const getUserQueryOptions = (userId: string, language: string) =>
  queryOptions({
    // Phase, task and workflow texts come in the interface language.
    queryKey: [...userKey(userId), language],
    queryFn: () => getUser(userId, language),
    // A language switch keeps the page on screen while the texts reload; another user does not.
    placeholderData: (previous) => (previous?.profile.id === userId ? previous : undefined),
  });

export function useUser(userId: string) {
  const { i18n } = useTranslation();
  return useQuery(getUserQueryOptions(userId, i18n.language));
}

// ---- one user's audit records (the user page's Activity Timeline) ----

/** The loaded pages of one user's audit records (nothing in them depends on the language). */
const activityKey = (userId: string) => ['admin', 'activity', userId];

/** One page of what the team did to a user's account, newest first, with who did it. */
export const listUserActivity = (userId: string, cursor: string | null) =>
  apiFetch<Page<AuditRecord>>(
    apiPath(API_PATHS.adminUserActivity, { userId }, { limit: HISTORY_PAGE_SIZE, cursor }),
  );

/** The pages of a user's audit records loaded so far (the first at once, more on "Load more"). */
export const getUserActivityQueryOptions = (userId: string) =>
  pagedQueryOptions(activityKey(userId), (cursor) => listUserActivity(userId, cursor));

export const useUserActivity = (userId: string) => useInfiniteQuery(getUserActivityQueryOptions(userId));

/**
 * Every admin action on a user is recorded: their timeline reloads (its loaded pages, from the
 * newest), not waited for by the action itself.
 */
function activityChanged(queryClient: QueryClient, userId: string) {
  void queryClient.invalidateQueries({ queryKey: activityKey(userId) });
}

/** Which admin lists a change to a user can change. */
interface Lists {
  customers?: boolean;
  deletions?: boolean;
  /** The team's queue (a request's status or owner, a conversation's owner or reply), and with it the Open requests card. */
  queue?: boolean;
}

/**
 * The admin lists after a change to a user: dropped, so the dashboard loads them afresh when
 * next shown (its loading state, never a row that is no longer true). `customers` drops the
 * stats and every loaded list (each filter and search): the change can move the user into or
 * out of any of them.
 */
function dropLists(queryClient: QueryClient, lists: Lists) {
  if (lists.customers) queryClient.removeQueries({ queryKey: customersKey });
  if (lists.deletions) queryClient.removeQueries({ queryKey: getDeletionRequestsQueryOptions().queryKey });
  if (lists.queue) {
    queryClient.removeQueries({ queryKey: queueKey });
    queryClient.removeQueries({ queryKey: getCustomerStatsQueryOptions().queryKey });
  }
}

/**
 * After a change to one user: their page and timeline reload; the lists load afresh when next
 * shown.
 */
function userChanged(queryClient: QueryClient, userId: string, lists: Lists) {
  dropLists(queryClient, lists);
  activityChanged(queryClient, userId);
  return queryClient.invalidateQueries({ queryKey: userKey(userId) });
}

export const editUser = ({ userId, profile }: { userId: string; profile: AdminProfileInput }) =>
  apiFetch<Profile>(apiPath(API_PATHS.adminUser, { userId }), { method: 'PATCH', body: profile });

/**
 * The saved profile replaces the one on the user's page, its record shows on the timeline;
 * names and e-mail show in both lists. A refused e-mail change leaves its record too (not
 * carried out).
 */
export function useEditUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editUser,
    onSuccess: (profile, { userId }) => {
      queryClient.setQueriesData<AdminUserDetail>(
        { queryKey: userKey(userId) },
        (detail) => detail && { ...detail, profile },
      );
      activityChanged(queryClient, userId);
      dropLists(queryClient, { customers: true, deletions: true });
    },
    onError: (_error, { userId }) => activityChanged(queryClient, userId),
  });
}

export const verifyUser = (userId: string) =>
  apiFetch<Profile>(apiPath(API_PATHS.adminVerification, { userId }), { method: 'POST' });

/** Verification changes the profile and creates the phase-1 tasks. */
export function useVerifyUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyUser,
    onSuccess: (_profile, userId) => userChanged(queryClient, userId, { customers: true }),
  });
}

export const deleteUser = ({ userId, confirmationEmail }: { userId: string; confirmationEmail: string }) =>
  apiFetch<null>(apiPath(API_PATHS.adminUser, { userId }), { method: 'DELETE', body: { confirmationEmail } });

export const rejectDeletion = ({ userId, reason }: { userId: string } & DeletionRejection) =>
  apiFetch<Profile>(apiPath(API_PATHS.adminDeletionRejection, { userId }), {
    method: 'POST',
    body: { reason },
  });

/** The request leaves the pending list; the customer's page shows them free to act again. */
export function useRejectDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectDeletion,
    onSuccess: (_profile, { userId }) =>
      userChanged(queryClient, userId, { customers: true, deletions: true }),
  });
}

/** The user is gone from both lists; their page is dropped, not refetched (it would be a 404). */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (_result, { userId }) => {
      queryClient.removeQueries({ queryKey: userKey(userId) });
      queryClient.removeQueries({ queryKey: activityKey(userId) });
      dropLists(queryClient, { customers: true, deletions: true });
    },
  });
}

export const completeSupportTask = ({ taskId, ...completion }: { taskId: string } & SupportCompletion) =>
  apiFetch(apiPath(API_PATHS.adminTaskCompletion, { taskId }), { method: 'POST', body: completion });

export function useCompleteSupportTask(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeSupportTask,
    onSuccess: () => userChanged(queryClient, userId, {}),
  });
}

export const updateWorkflow = ({ workflowId, change }: { workflowId: string; change: WorkflowUpdate }) =>
  apiFetch<Workflow>(apiPath(API_PATHS.adminWorkflow, { workflowId }), { method: 'PATCH', body: change });

/** A workflow's change can complete its task too. */
export function useUpdateWorkflow(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWorkflow,
    onSuccess: () => userChanged(queryClient, userId, { queue: true }),
  });
}

// ---- owners (docs/product.md#owners) ----

/** The support team, for the owner pickers. */
export const listTeam = () => apiFetch<TeamMember[]>(apiPath(API_PATHS.adminTeam));

export const getTeamQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'team'], queryFn: listTeam, staleTime: 5 * 60_000 });

export const useTeam = () => useQuery(getTeamQueryOptions());

export const setWorkflowOwner = ({ workflowId, owner_id }: { workflowId: string } & OwnerInput) =>
  apiFetch<Workflow>(apiPath(API_PATHS.adminWorkflowOwner, { workflowId }), {
    method: 'PUT',
    body: { owner_id } satisfies OwnerInput,
  });

export function useSetWorkflowOwner(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setWorkflowOwner,
    onSuccess: () => userChanged(queryClient, userId, { queue: true }),
  });
}

// ---- the team's queue (the Requests page, docs/product.md "Requests") ----

/** Every loaded page of every filter of the queue (the key's prefix). */
const queueKey = ['admin', 'requests'] as const;

/** One page of a filter of the queue, oldest wait first; services named in `language`. */
export const listQueue = (filter: QueueFilter, cursor: string | null, language: string) =>
  apiFetch<Page<QueueItem>>(
    apiPath(API_PATHS.adminRequests, undefined, { filter, limit: CUSTOMER_PAGE_SIZE, cursor }),
    { language },
  );

/** The pages of one filter loaded so far (the first at once, more on "Load more"). */
export const getQueueQueryOptions = (filter: QueueFilter, language: string) =>
  // The services' names come in the interface language.
  pagedQueryOptions([...queueKey, filter, language], (cursor) => listQueue(filter, cursor, language));

export function useQueue(filter: QueueFilter) {
  const { i18n } = useTranslation();
  return useInfiniteQuery(getQueueQueryOptions(filter, i18n.language));
}

/**
 * A row of the queue given an owner: a request's by the workflow's owner route, a
 * conversation's by the conversation's. Settles once the queue has loaded again, so the row
 * shows its new owner (or, under Unassigned, has left) when the button is free again; the
 * customer's page and timeline reload when next shown.
 */
export function useSetQueueOwner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ item, owner_id }: { item: QueueItem } & OwnerInput): Promise<unknown> =>
      item.kind === 'request'
        ? setWorkflowOwner({ workflowId: item.id, owner_id })
        : setConversationOwner({ userId: item.customer.id, owner_id }),
    onSuccess: (_saved, { item }) => {
      void userChanged(queryClient, item.customer.id, {});
      void queryClient.invalidateQueries({ queryKey: conversationKey(item.customer.id) });
      return queryClient.invalidateQueries({ queryKey: queueKey });
    },
  });
}

/**
 * A short-lived presigned link, asked for at each click: a mutation, not a cached query (a
 * cached link could have expired, and each view or download is recorded on the server).
 */
export const documentLink = ({ documentId, disposition }: { documentId: string; disposition: Disposition }) =>
  apiFetch<DownloadLink>(apiPath(API_PATHS.adminDocumentDownload, { documentId }, { disposition }));

/**
 * The view or download is recorded before the link is made: the timeline reloads, also when
 * making the link failed after that.
 */
export function useDocumentLink(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: documentLink,
    onSettled: () => activityChanged(queryClient, userId),
  });
}

export const deleteDocument = (documentId: string) =>
  apiFetch<null>(apiPath(API_PATHS.adminDocument, { documentId }), { method: 'DELETE' });

/** The user's documents and their count (a stat and filter of the customer list) change. */
export function useDeleteDocument(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSuccess: () => userChanged(queryClient, userId, { customers: true }),
  });
}

/** An admin sets or corrects a document's expiry date (recorded on the customer's timeline). */
export const updateDocumentExpiry = ({ documentId, expires_on }: { documentId: string } & DocumentExpiry) =>
  apiFetch<DocumentRecord>(apiPath(API_PATHS.adminDocument, { documentId }), {
    method: 'PATCH',
    body: { expires_on },
  });

/** The user's documents (their expiry states) and timeline reload. */
export function useUpdateDocumentExpiry(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDocumentExpiry,
    onSuccess: () => userChanged(queryClient, userId, {}),
  });
}

export const replaceDocument = ({ documentId, file }: { documentId: string; file: File }) =>
  uploadDocumentFile(file, {
    ticketPath: apiPath(API_PATHS.adminReplacementUploads, { documentId }),
    confirmPath: apiPath(API_PATHS.adminDocument, { documentId }),
  });

export function useReplaceDocument(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replaceDocument,
    // Settled, not only succeeded: a refused replacement leaves its record (not carried out).
    onSettled: () => userChanged(queryClient, userId, {}),
  });
}

// ---- one customer's conversation with the team (the user page's Messages tab) ----

/** The loaded pages of one customer's conversation (apart from the user's detail: never reloaded with it). */
const conversationKey = (userId: string) => ['admin', 'messages', userId];

/** One page of a customer's conversation, newest first; team messages name the admin who wrote them. */
export const listUserMessages = (userId: string, cursor: string | null) =>
  apiFetch<Conversation>(
    apiPath(API_PATHS.adminUserMessages, { userId }, { limit: HISTORY_PAGE_SIZE, cursor }),
  );

/** The pages loaded so far, the newest read again every few seconds while shown (lib/conversation.ts). */
export const getUserConversationQueryOptions = (userId: string) =>
  conversationQueryOptions(conversationKey(userId), (cursor) => listUserMessages(userId, cursor));

export const useUserConversation = (userId: string) =>
  useInfiniteQuery(getUserConversationQueryOptions(userId));

export const sendUserMessage = ({ userId, message }: { userId: string; message: MessageInput }) =>
  apiFetch<Message>(apiPath(API_PATHS.adminUserMessages, { userId }), { method: 'POST', body: message });

/** The reply shows at once; the conversation is read again (the customer may have written too). */
export function useSendUserMessage(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendUserMessage,
    onSuccess: (message) => {
      addSent(queryClient, conversationKey(userId), message);
      // A reply ends the conversation's wait.
      dropLists(queryClient, { queue: true });
    },
  });
}

export const setConversationOwner = ({ userId, owner_id }: { userId: string } & OwnerInput) =>
  apiFetch<OwnerInput>(apiPath(API_PATHS.adminConversationOwner, { userId }), {
    method: 'PUT',
    body: { owner_id } satisfies OwnerInput,
  });

/** The conversation's owner comes with its pages: they load again. */
export function useSetConversationOwner(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setConversationOwner,
    onSuccess: () => {
      dropLists(queryClient, { queue: true });
      return queryClient.invalidateQueries({ queryKey: conversationKey(userId) });
    },
  });
}

/** `seen`: how many unread messages the view showed (one that came after stays unread). */
export const readUserMessages = (userId: string, seen: number) =>
  apiFetch<{ unread: number }>(apiPath(API_PATHS.adminUserMessagesRead, { userId }), {
    method: 'POST',
    body: { seen } satisfies MessagesRead,
  });

/**
 * An admin has read the customer's messages: nothing unread on their page, and the customer
 * leaves the "Unread messages" card and list (which load afresh when next shown).
 */
export function useReadUserMessages(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (seen: number) => readUserMessages(userId, seen),
    onSuccess: () => {
      setRead(queryClient, conversationKey(userId));
      queryClient.setQueriesData<AdminUserDetail>(
        { queryKey: userKey(userId) },
        (detail) => detail && { ...detail, profile: { ...detail.profile, unread_by_team: 0 } },
      );
      dropLists(queryClient, { customers: true });
    },
    // The next look at the conversation tries again.
    onError: (error) => console.error('Could not mark the messages read', error),
  });
}

// ---- companies (the company portal's admin side) ----

/** Every query of the companies (list, one company, its employees): the key's prefix. */
const companiesKey = ['admin', 'companies'] as const;

/** One page of the companies, newest first, each with its counts. */
export const listCompanies = (cursor: string | null) =>
  apiFetch<Page<CompanySummary>>(
    apiPath(API_PATHS.adminCompanies, undefined, { limit: CUSTOMER_PAGE_SIZE, cursor }),
  );

export const getCompaniesQueryOptions = () => pagedQueryOptions([...companiesKey, 'list'], listCompanies);

export const useCompanies = () => useInfiniteQuery(getCompaniesQueryOptions());

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CompanyInput) =>
      apiFetch<CompanySummary>(apiPath(API_PATHS.adminCompanies), { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companiesKey }),
  });
}

/** One company: its counts, HR users and open HR invitations. */
export const getCompanyDetailQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: [...companiesKey, 'detail', companyId],
    queryFn: () => apiFetch<CompanyDetail>(apiPath(API_PATHS.adminCompany, { companyId })),
  });

export const useCompanyDetail = (companyId: string) => useQuery(getCompanyDetailQueryOptions(companyId));

/** One page of a company's employee rows (the support team sees what the company's HR sees of the list). */
export const getCompanyEmployeesQueryOptions = (companyId: string, filter: CompanyFilter, search: string) =>
  pagedQueryOptions([...companiesKey, 'employees', companyId, filter, search], (cursor) =>
    apiFetch<Page<EmployeeListItem>>(
      apiPath(
        API_PATHS.adminCompanyEmployees,
        { companyId },
        { filter, search, limit: CUSTOMER_PAGE_SIZE, cursor },
      ),
    ),
  );

export const useCompanyEmployees = (companyId: string, filter: CompanyFilter, search: string) =>
  useInfiniteQuery(getCompanyEmployeesQueryOptions(companyId, filter, search));

/** After a change to a company: its page and the list load afresh. */
function useCompanyChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: companiesKey });
}

export function useInviteHr() {
  const changed = useCompanyChanged();
  return useMutation({
    mutationFn: ({ companyId, input }: { companyId: string; input: HrInvitationInput }) =>
      apiFetch<unknown>(apiPath(API_PATHS.adminHrInvitations, { companyId }), {
        method: 'POST',
        body: input,
      }),
    onSuccess: changed,
  });
}

export function useResendHrInvitation() {
  const changed = useCompanyChanged();
  return useMutation({
    mutationFn: ({ companyId, inviteId }: { companyId: string; inviteId: string }) =>
      apiFetch<unknown>(apiPath(API_PATHS.adminHrInvitationResend, { companyId, inviteId }), {
        method: 'POST',
      }),
    onSuccess: changed,
  });
}

export function useRevokeHr() {
  const changed = useCompanyChanged();
  return useMutation({
    mutationFn: ({ companyId, userId }: { companyId: string; userId: string }) =>
      apiFetch<unknown>(apiPath(API_PATHS.adminHrUser, { companyId, userId }), { method: 'DELETE' }),
    onSuccess: changed,
  });
}

/** Deleting a company answers 202: it has started (HR access ends at once, the rest follows). */
export function useDeleteCompany() {
  const changed = useCompanyChanged();
  return useMutation({
    mutationFn: ({ companyId, input }: { companyId: string; input: CompanyDeletion }) =>
      apiFetch<unknown>(apiPath(API_PATHS.adminCompany, { companyId }), { method: 'DELETE', body: input }),
    onSuccess: changed,
  });
}
