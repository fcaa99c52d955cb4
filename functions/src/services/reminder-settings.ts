// STUB, replaced at merge by the reminder settings' own module (the signed unsubscribe link).
import { appOrigin } from '../adapters/app-origin';

/** The one-click link that turns a customer's reminders off. */
export async function unsubscribeUrl(userId: string): Promise<string> {
  return `${await appOrigin()}/unsubscribe?u=${encodeURIComponent(userId)}`;
}
