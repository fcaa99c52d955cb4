import type { SNSEvent } from 'aws-lambda';
import { subOf } from '../adapters/identity';
import { lambdaHandler } from '../lib/lambda';
import { log } from '../lib/log';
import { blockedAddresses } from '../mail/ses-feedback';
import { blockMail } from '../store/profiles';

/**
 * SES feedback (configuration set → SNS → here; locally the SES mailbox simulator's
 * addresses, infra/local/ses-feedback.ts):
 * 1. reads the addresses a permanent bounce or a complaint blocks;
 * 2. finds each one's user in Cognito (the sign-in e-mail);
 * 3. marks their profile, if it still has that address: nothing more is mailed to it
 *    (services/notify.ts), and the admin sees why on the user page. A new e-mail clears it.
 */
export const handler = lambdaHandler(
  (event: SNSEvent) => ({ records: event.Records?.length ?? 0 }),
  async (event: SNSEvent) => {
    for (const record of event.Records ?? []) {
      for (const { email, reason } of blockedAddresses(record.Sns?.Message ?? '')) {
        const userId = await subOf(email);
        const marked = userId ? await blockMail(userId, email, reason) : false;
        log.info('mail address blocked', { userId, reason, marked });
      }
    }
  },
);
