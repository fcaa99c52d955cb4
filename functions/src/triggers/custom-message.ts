import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { appOrigin } from '../adapters/app-origin';
import { lambdaHandler } from '../lib/lambda';
import { log } from '../lib/log';
import { countMetric } from '../lib/metrics';
import { resetPasswordMail, verifyEmailMail } from '../mail/templates';
import { profileIfReadable } from '../store/profiles';

/** Which of our mails each Cognito message is, and the page its link opens. */
const MAILS: Partial<
  Record<
    CustomMessageTriggerEvent['triggerSource'],
    { page: string; render: typeof verifyEmailMail; accountLanguage?: true }
  >
> = {
  CustomMessage_SignUp: { page: '/verify-email', render: verifyEmailMail },
  CustomMessage_ResendCode: { page: '/verify-email', render: verifyEmailMail },
  // A reset is for an account that has a profile: its owner's chosen language wins over the
  // page's, which may be a stranger's browser.
  CustomMessage_ForgotPassword: { page: '/reset-password', render: resetPasswordMail, accountLanguage: true },
};

/** The language the account's owner last chose, or null: then the page's language will do. */
const accountLanguage = async (userId: string | undefined) =>
  userId ? ((await profileIfReadable(userId))?.language ?? null) : null;

/**
 * Writes the mails that carry a Cognito code (sign-up verification, password reset): a link
 * to the page concerned carrying the e-mail and the code, and the code itself, in the
 * account's language when it has one, else the page's (the SPA passes it as client metadata).
 * Other messages keep Cognito's text.
 */
export const handler = lambdaHandler(
  (event: CustomMessageTriggerEvent) => ({ trigger: event.triggerSource }),
  customMessage,
);

async function customMessage(event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> {
  const mail = MAILS[event.triggerSource];
  if (!mail) return event;
  const email = event.request.userAttributes.email ?? '';
  const code = event.request.codeParameter;
  let origin: string;
  try {
    origin = await appOrigin();
  } catch (error) {
    // No link without the origin, but the code must still reach the person: Cognito's own text.
    log.error('code mail without our text: no app origin', { error: String(error) });
    countMetric('MailFailures');
    return event;
  }
  // The code placeholder must stay literal in the URL: Cognito substitutes it on delivery.
  const link = `${origin}${mail.page}?email=${encodeURIComponent(email)}&code=${code}`;
  const language =
    (mail.accountLanguage && (await accountLanguage(event.request.userAttributes.sub))) ||
    event.request.clientMetadata?.locale;
  const rendered = mail.render(language, link, code);
  event.response.emailSubject = rendered.subject;
  event.response.emailMessage = rendered.html;
  return event;
}
