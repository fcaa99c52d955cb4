import type { SESv2Client } from '@aws-sdk/client-sesv2';
import { env } from '../config';
import { traced } from '../lib/tracing';
import { lazySdk } from './lazy-sdk';

const ses = lazySdk(
  () => import('./sdk/ses'),
  (sdk): SESv2Client => traced(new sdk.SESv2Client({})),
);

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text?: string;
  /** Extra headers (List-Unsubscribe on reminders); SES v2 sets them on the message it builds. */
  headers?: Record<string, string>;
}

/**
 * Sends through SES (the SES emulator locally, by AWS_ENDPOINT_URL_SESV2), with the stage's
 * configuration set on AWS: its bounces and complaints come back to jobs/ses-feedback.ts.
 */
export async function sendMail(mail: OutgoingMail): Promise<void> {
  const { sdk, client } = await ses();
  const configurationSet = process.env.MAIL_CONFIGURATION_SET;
  await client.send(
    new sdk.SendEmailCommand({
      FromEmailAddress: env.mailFrom,
      ...(configurationSet ? { ConfigurationSetName: configurationSet } : {}),
      Destination: { ToAddresses: [mail.to] },
      Content: {
        Simple: {
          Subject: { Data: mail.subject, Charset: 'UTF-8' },
          Body: {
            Html: { Data: mail.html, Charset: 'UTF-8' },
            ...(mail.text ? { Text: { Data: mail.text, Charset: 'UTF-8' } } : {}),
          },
          ...(mail.headers
            ? { Headers: Object.entries(mail.headers).map(([Name, Value]) => ({ Name, Value })) }
            : {}),
        },
      },
    }),
  );
}
