import { describe, expect, it } from 'vitest';
import { companySchema, employeeInvitationSchema } from './company';

const invitation = {
  email: 'anna@example.com',
  first_name: 'Anna',
  last_name: 'Kowalska',
  arrival_date: '2026-09-01',
  language: 'de',
};
const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('companySchema', () => {
  it('takes a name with letters, digits, punctuation and inner spaces', () => {
    expect(
      companySchema.parse({ name: ' Müller & Söhne GmbH (Berlin) ', contact_email: 'hr@example.com' }).name,
    ).toBe('Müller & Söhne GmbH (Berlin)');
  });

  // The name goes into mail subjects and the CSV export's file name: a line break there would
  // start a header of its own.
  it.each([
    ['a line feed', 'Acme\nBcc: victim@example.com'],
    ['a carriage return', 'Acme\rGmbH'],
    ['a tab', 'Acme\tGmbH'],
    ['a NUL', 'Acme\u0000GmbH'],
    ['an escape', 'Acme\u001b[31mGmbH'],
    ['a line separator', 'Acme\u2028GmbH'],
    ['a paragraph separator', 'Acme\u2029GmbH'],
    ['a DEL', 'Acme\u007fGmbH'],
  ])('refuses a name with %s', (_what, name) => {
    const result = companySchema.safeParse({ name, contact_email: 'hr@example.com' });
    expect(messages(result)).toEqual(['validation.companyNamePattern']);
  });
});

describe('employeeInvitationSchema', () => {
  it('takes names of any script with spaces, hyphens and apostrophes', () => {
    const parsed = employeeInvitationSchema.parse({
      ...invitation,
      first_name: 'Zoë Anne-Marie',
      last_name: 'O’Neill de la Cruz',
    });
    expect([parsed.first_name, parsed.last_name]).toEqual(['Zoë Anne-Marie', 'O’Neill de la Cruz']);
  });

  // A quoted CSV field may hold a line break; a name with one would break the mail's greeting.
  it.each([
    ['a line feed', 'Anna\nBcc'],
    ['a carriage return', 'Anna\rMaria'],
    ['a tab', 'Anna\tMaria'],
    ['a line separator', 'Anna\u2028Maria'],
    ['a vertical tab', 'Anna\u000bMaria'],
  ])('refuses a first or last name with %s', (_what, name) => {
    expect(messages(employeeInvitationSchema.safeParse({ ...invitation, first_name: name }))).toEqual([
      'validation.firstNamePattern',
    ]);
    expect(messages(employeeInvitationSchema.safeParse({ ...invitation, last_name: name }))).toEqual([
      'validation.lastNamePattern',
    ]);
  });
});
