import { DEFAULT_LANGUAGE, isLanguage } from '@shared/constants';
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { lambdaHandler } from '../lib/lambda';
import { log } from '../lib/log';
import { countMetric } from '../lib/metrics';
import { createCustomerProfile } from '../services/account';
import { notify } from '../services/notify';
import { profileIfReadable } from '../store/profiles';

/**
 * A confirmed sign-up gets its profile; a confirmed password reset is told to the account's
 * owner (in the language they last chose), so a reset they did not make does not go unseen.
 */
export const handler = lambdaHandler(
  (event: PostConfirmationTriggerEvent) => ({ trigger: event.triggerSource }),
  postConfirmation,
);

async function postConfirmation(event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> {
  const { sub, email } = event.request.userAttributes;
  if (!sub || !email) throw new Error('PostConfirmation event without sub or email');
  // The SPA passes its language with the confirmation.
  const locale = event.request.clientMetadata?.locale;
  const language = isLanguage(locale) ? locale : DEFAULT_LANGUAGE;
  if (event.triggerSource === 'PostConfirmation_ConfirmSignUp') {
    await createCustomerProfile(sub, email, language);
    log.info('profile created', { userId: sub });
    countMetric('SignUps');
  } else if (event.triggerSource === 'PostConfirmation_ConfirmForgotPassword') {
    // The reset is done whatever happens here: a failure is logged, never thrown (Cognito
    // would report the reset as failed), and one attempt keeps within the trigger's 5 seconds.
    const to = (await profileIfReadable(sub)) ?? { email, language };
    await notify(to, 'passwordReset', {}, { userId: sub }, { attempts: 1 });
  }
  return event;
}
