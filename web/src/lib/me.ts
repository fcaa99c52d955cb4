import type { MeResponse, Profile } from '@shared/api';
import { API_PATHS, apiPath } from '@shared/api-paths';
import type { Language } from '@shared/constants';
import type { OnboardingDetailsInput } from '@shared/schemas/profile';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './api';
import { rememberProfileLanguage } from './profile-language';

// The signed-in user's profile and role: one query for every page and the login routing.

export const getMe = async () => {
  const me = await apiFetch<MeResponse>(apiPath(API_PATHS.me));
  rememberProfileLanguage(me.profile.id, me.profile.language);
  return me;
};

/**
 * How long a profile read stays fresh: the login page's read (to route) is the dashboard's
 * too, one /api/me per sign-in (pages after the first cost no profile read). The user's own
 * changes update it at once
 * (setMyProfile, invalidations); the team's show on the next read after this.
 */
const ME_FRESH_MS = 30_000;

export const getMeQueryOptions = () =>
  queryOptions({ queryKey: ['me'], queryFn: getMe, staleTime: ME_FRESH_MS });

export const useMe = () => useQuery(getMeQueryOptions());

/** A profile the API answered with replaces the cached one: the next page shows it at once. */
export function setMyProfile(queryClient: QueryClient, profile: Profile): void {
  queryClient.setQueryData(getMeQueryOptions().queryKey, (me) => me && { ...me, profile });
}

/**
 * How many of the team's messages the customer has not read, as the conversation last said:
 * the badges (dashboard card, avatar menu) read it from the profile.
 */
export function setMyUnread(queryClient: QueryClient, unread: number): void {
  queryClient.setQueryData(getMeQueryOptions().queryKey, (me) =>
    me && me.profile.unread_by_customer !== unread
      ? { ...me, profile: { ...me.profile, unread_by_customer: unread } }
      : me,
  );
}

export const saveMyDetails = (details: OnboardingDetailsInput) =>
  apiFetch<Profile>(apiPath(API_PATHS.myProfile), { method: 'PUT', body: details });

/**
 * The customer's own details (onboarding step 1, My Account): the saved profile comes back and
 * becomes the cached `me`, so the form reopens with it and the read-only view shows it.
 */
export function useSaveMyDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMyDetails,
    onSuccess: (profile) => setMyProfile(queryClient, profile),
  });
}

export const saveLanguage = (language: Language) =>
  apiFetch<{ language: Language }>(apiPath(API_PATHS.myLanguage), { method: 'PUT', body: { language } });

/** Remembers the interface language on the profile (e-mails are written in it). */
export function useSaveLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLanguage,
    onSuccess: ({ language }) => {
      const me = queryClient.setQueryData(
        getMeQueryOptions().queryKey,
        (cached) => cached && { ...cached, profile: { ...cached.profile, language } },
      );
      if (me) rememberProfileLanguage(me.profile.id, language);
    },
    // Nothing the user sees depends on it: a failure is logged, not shown.
    onError: (error) => console.error('Could not save the language setting', error),
  });
}
