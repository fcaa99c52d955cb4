import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { log } from '../lib/log';
import { createCustomerProfile } from '../services/profiles';

// Only a confirmed sign-up creates a profile; a confirmed password reset must not.
export async function handler(event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> {
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
  const { sub, email } = event.request.userAttributes;
  if (!sub || !email) throw new Error('PostConfirmation event without sub or email');
  await createCustomerProfile(sub, email);
  log.info('profile created', { userId: sub });
  return event;
}
