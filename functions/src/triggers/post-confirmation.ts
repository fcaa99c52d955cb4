import { DEFAULT_LANGUAGE, isLanguage } from '@shared/constants';
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { log } from '../lib/log';
import { createCustomerProfile } from '../services/account';

// Only a confirmed sign-up creates a profile; a confirmed password reset must not.
export async function handler(event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> {
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
  const { sub, email } = event.request.userAttributes;
  if (!sub || !email) throw new Error('PostConfirmation event without sub or email');
  // The SPA passes its language with the confirmation; e-mails follow it.
  const locale = event.request.clientMetadata?.locale;
  await createCustomerProfile(sub, email, isLanguage(locale) ? locale : DEFAULT_LANGUAGE);
  log.info('profile created', { userId: sub });
  return event;
}
