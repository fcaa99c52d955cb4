import type { RemindersSetting } from '@shared/api';
import { API_PATHS, apiPath } from '@shared/api-paths';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';

/** The signed link's user and signature, passed on as they came (the API checks them). */
export interface UnsubscribeLink {
  user: string;
  sig: string;
}

export const unsubscribe = (link: UnsubscribeLink) =>
  apiFetch<RemindersSetting>(apiPath(API_PATHS.remindersUnsubscribe, undefined, { ...link }), {
    method: 'POST',
  });

export const useUnsubscribe = () => useMutation({ mutationFn: unsubscribe });
