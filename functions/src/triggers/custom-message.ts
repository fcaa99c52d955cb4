import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { env } from '../config';
import { resetPasswordMail, verifyEmailMail } from '../mail/templates';

/** Which of our mails each Cognito message is, and the page its link opens. */
const MAILS: Partial<
  Record<CustomMessageTriggerEvent['triggerSource'], { page: string; render: typeof verifyEmailMail }>
> = {
  CustomMessage_SignUp: { page: '/verify-email', render: verifyEmailMail },
  CustomMessage_ResendCode: { page: '/verify-email', render: verifyEmailMail },
  CustomMessage_ForgotPassword: { page: '/reset-password', render: resetPasswordMail },
};

/**
 * Writes the mails that carry a Cognito code (sign-up verification, password reset): a link
 * to the page concerned carrying the e-mail and the code, and the code itself. The SPA passes
 * its language as client metadata. Other messages keep Cognito's text.
 */
export async function handler(event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> {
  const mail = MAILS[event.triggerSource];
  if (!mail) return event;
  const email = event.request.userAttributes.email ?? '';
  const code = event.request.codeParameter;
  // The code placeholder must stay literal in the URL: Cognito substitutes it on delivery.
  const link = `${env.appOrigin}${mail.page}?email=${encodeURIComponent(email)}&code=${code}`;
  const rendered = mail.render(event.request.clientMetadata?.locale, link, code);
  event.response.emailSubject = rendered.subject;
  event.response.emailMessage = rendered.html;
  return event;
}
