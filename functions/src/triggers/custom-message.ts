import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { env } from '../config';
import { verifyEmailMail } from '../mail/templates';

const VERIFY_SOURCES = new Set(['CustomMessage_SignUp', 'CustomMessage_ResendCode']);

/**
 * Writes the sign-up verification mail: a link to /verify-email carrying the e-mail and
 * the code, and the code itself. The SPA passes its language as client metadata.
 */
export async function handler(event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> {
  if (!VERIFY_SOURCES.has(event.triggerSource)) return event;
  const email = event.request.userAttributes.email ?? '';
  const code = event.request.codeParameter;
  // The code placeholder must stay literal in the URL: Cognito substitutes it on delivery.
  const link = `${env.appOrigin}/verify-email?email=${encodeURIComponent(email)}&code=${code}`;
  const mail = verifyEmailMail(event.request.clientMetadata?.locale, link, code);
  event.response.emailSubject = mail.subject;
  event.response.emailMessage = mail.html;
  return event;
}
