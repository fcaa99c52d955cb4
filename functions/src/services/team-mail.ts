// Whom a mail to the team goes to and how it names what it is about: a request's owner (an
// admin) or, when it has none, the stage's support address; the customer by name or e-mail;
// the service by its task's name (the team's language: the mails to it are in English).
import type { Profile } from '@shared/api';
import type { Language } from '@shared/constants';
import { fullName } from '@shared/names';
import { env } from '../config';
import type { Catalogue } from '../store/catalogue';
import type { StoredProfile } from '../store/entities';
import type { Recipient } from './notify';

/** A task's name in a language ('' for a template the catalogue no longer has). */
export const taskName = (catalogue: Catalogue, templateId: string, language: Language): string =>
  catalogue.templates.find((t) => t.id === templateId)?.texts[language].task_name ?? '';

/** The customer as a team mail names them: by name, else by e-mail. */
export const customerOfMail = (profile: Profile) => ({
  id: profile.id,
  name: fullName(profile) || profile.email,
});

/** A request's owner when it is (still) one of the team, else the support address. */
export const ownerOrSupport = (owner: StoredProfile | null | undefined): Recipient =>
  owner?.role === 'admin' ? owner.profile : { email: env.supportEmail };
