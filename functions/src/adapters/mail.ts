import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { env } from '../config';

let ses: SESv2Client | undefined;

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text?: string;
}

/** Sends through SES (the SES emulator locally, by AWS_ENDPOINT_URL_SESV2). */
export async function sendMail(mail: OutgoingMail): Promise<void> {
  ses ??= new SESv2Client({});
  await ses.send(
    new SendEmailCommand({
      FromEmailAddress: env.mailFrom,
      Destination: { ToAddresses: [mail.to] },
      Content: {
        Simple: {
          Subject: { Data: mail.subject, Charset: 'UTF-8' },
          Body: {
            Html: { Data: mail.html, Charset: 'UTF-8' },
            ...(mail.text ? { Text: { Data: mail.text, Charset: 'UTF-8' } } : {}),
          },
        },
      },
    }),
  );
}
