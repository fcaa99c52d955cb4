import type { Profile } from '@shared/api';

type Named = Pick<Profile, 'first_name' | 'last_name'>;

/** First and last name as people write them; empty when neither is known. */
export function fullName(person: Named): string {
  return [person.first_name, person.last_name].filter(Boolean).join(' ');
}

/** The avatar's letters: initials of the name, else the e-mail's first letter. */
export function initials(person: Named & Pick<Profile, 'email'>): string {
  const letters = [person.first_name, person.last_name].map((n) => n?.trim()[0] ?? '').join('');
  return (letters || person.email[0] || '?').toUpperCase();
}
