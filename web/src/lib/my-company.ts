import type { InvitationLookup, MyCompany } from '@shared/api';
import { API_PATHS, apiPath } from '@shared/api-paths';
import { COMPANY_SHARED_FIELDS_VERSION } from '@shared/company-sharing';
import type { ConsentInput } from '@shared/schemas/company';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './api';
import { authReady } from './auth-ready';

// The customer's side of the company portal: the company they share with (or were invited by),
// their answer to an invitation, stopping; and an HR user's acceptance of their own invitation.
// My Account, the dashboard's banner and the invitation page read and change it from here.

/** Who shares with which company, and the invitations waiting for an answer (GET /api/me/company). */
export const getMyCompanyQueryOptions = () =>
  queryOptions({
    queryKey: ['me', 'company'],
    queryFn: () => apiFetch<MyCompany>(apiPath(API_PATHS.myCompany)),
  });

export const useMyCompany = (enabled = true) => useQuery({ ...getMyCompanyQueryOptions(), enabled });

/** What an invitation link opens: the company, the invited address, whether it ran out. */
export const lookUpInvitation = (token: string) =>
  apiFetch<InvitationLookup>(apiPath(API_PATHS.invitationLookup), { method: 'POST', body: { token } });

export const useInvitationLookup = (token: string | null) =>
  useQuery({
    queryKey: ['invitation', token],
    queryFn: () => lookUpInvitation(token ?? ''),
    enabled: token !== null,
    // A 404 (unknown or used) and an expired link do not change by asking again.
    retry: false,
  });

/** The answer changes the link, the pending invitations and the Activity list: all read again. */
const answered = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: ['me'] });

/** The consent to the shared fields the consent screen listed (their version). */
export function useConsentToCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (companyId: string) =>
      apiFetch<unknown>(apiPath(API_PATHS.myCompanyConsent, { companyId }), {
        method: 'POST',
        body: { shared_fields_version: COMPANY_SHARED_FIELDS_VERSION } satisfies ConsentInput,
      }),
    onSuccess: () => answered(queryClient),
  });
}

/** **Not now**: the account stays an ordinary customer's; the company sees Declined. */
export function useDeclineCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (companyId: string) =>
      apiFetch<unknown>(apiPath(API_PATHS.myCompanyDecline, { companyId }), { method: 'POST' }),
    onSuccess: () => answered(queryClient),
  });
}

/** **Stop sharing with {company}**: the company sees only that the employee stopped. */
export function useStopSharing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<unknown>(apiPath(API_PATHS.myCompanyStop), { method: 'POST' }),
    onSuccess: () => answered(queryClient),
  });
}

/**
 * An HR user accepts their invitation: the API puts them into the company's hr group; new
 * tokens carry the role at once (the old ones would until they run out).
 */
export async function acceptHrInvitation(companyId: string): Promise<void> {
  await apiFetch<unknown>(apiPath(API_PATHS.myHrInvitationAccept, { companyId }), { method: 'POST' });
  await (await authReady()).refreshTokens();
}

export function useAcceptHrInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptHrInvitation,
    onSuccess: () => answered(queryClient),
  });
}
