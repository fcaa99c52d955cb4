import { describe, expect, it } from 'vitest';
import { mailDate, reminderMail } from './reminder-mail';

const input = {
  name: 'Ada',
  soon: [{ task: 'Register your address', due_date: '2027-03-04' }],
  overdue: [{ task: 'Apply for a visa', due_date: '2027-01-30' }],
  dashboardUrl: 'https://app.example/dashboard',
  unsubscribeUrl: 'https://app.example/unsubscribe?u=1&s=x',
};

describe('reminderMail', () => {
  it('lists the overdue tasks and those due soon with their dates, links the dashboard and the unsubscribe', () => {
    const mail = reminderMail('en', input);
    expect(mail.subject).toBe('Your relocation tasks: what is due');
    expect(mail.text).toContain('Overdue:\n- Apply for a visa, due 30 January 2027');
    expect(mail.text).toContain('Due soon:\n- Register your address, due 4 March 2027');
    expect(mail.text).toContain('Open my dashboard: https://app.example/dashboard');
    expect(mail.text).toContain('Unsubscribe from reminders: https://app.example/unsubscribe?u=1&s=x');
    expect(mail.html).toContain(
      '<a href="https://app.example/unsubscribe?u=1&amp;s=x">Unsubscribe from reminders</a>',
    );
    expect(mail.html).toContain('<li>Register your address, due 4 March 2027</li>');
    expect(mail.headers).toEqual({
      'List-Unsubscribe': '<https://app.example/unsubscribe?u=1&s=x>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('in German, and without a section that has no task', () => {
    const mail = reminderMail('de', { ...input, overdue: [] });
    expect(mail.text).toContain('Hallo Ada,');
    expect(mail.text).toContain('Bald fällig:\n- Register your address, fällig am 4. März 2027');
    expect(mail.text).not.toContain('Überfällig');
    expect(mailDate('2027-12-01', 'de')).toBe('1. Dezember 2027');
  });

  const documents = [
    { document: 'Passport', date: '2027-09-15', clock: 'expiry' as const, when: 'ahead' as const },
    { document: 'National visa', date: '2027-03-01', clock: 'expiry' as const, when: 'today' as const },
    { document: 'Residence permit', date: '2027-02-27', clock: 'expiry' as const, when: 'past' as const },
    {
      document: 'Driving licence',
      date: '2027-03-29',
      clock: 'valid_in_germany' as const,
      when: 'ahead' as const,
    },
  ];

  it('documents in their own section of the same mail, each with its date or today', () => {
    const mail = reminderMail('en', { ...input, documents });
    expect(mail.subject).toBe('Your relocation tasks: what is due');
    expect(mail.text).toContain('These tasks and documents of your relocation need your attention.');
    expect(mail.text).toContain(
      [
        'Documents:',
        '- Passport: expires on 15 September 2027',
        '- National visa: expires today',
        '- Residence permit: expired on 27 February 2027',
        '- Driving licence: valid in Germany until 29 March 2027',
      ].join('\n'),
    );
    expect(mail.html).toContain('<li>Driving licence: valid in Germany until 29 March 2027</li>');
    expect(mail.text).toContain('Unsubscribe from reminders: https://app.example/unsubscribe?u=1&s=x');
  });

  it('documents alone: their own subject and intro, no task sections; in German too', () => {
    const en = reminderMail('en', { ...input, soon: [], overdue: [], documents });
    expect(en.subject).toBe('Your documents: what expires soon');
    expect(en.text).toContain('These documents of your relocation need your attention.');
    expect(en.text).not.toContain('Due soon');
    const de = reminderMail('de', {
      ...input,
      soon: [],
      overdue: [],
      documents: [
        { ...documents[0], document: 'Reisepass' },
        { ...documents[1], document: 'Nationales Visum' },
        { ...documents[2], document: 'Aufenthaltstitel' },
        { ...documents[3], document: 'Führerschein' },
        { document: 'Führerschein', date: '2027-03-01', clock: 'valid_in_germany', when: 'today' },
        { document: 'Führerschein', date: '2027-02-20', clock: 'valid_in_germany', when: 'past' },
      ] as typeof documents,
    });
    expect(de.subject).toBe('Ihre Dokumente: Was bald abläuft');
    expect(de.text).toContain(
      [
        'Dokumente:',
        '- Reisepass: läuft am 15. September 2027 ab',
        '- Nationales Visum: läuft heute ab',
        '- Aufenthaltstitel: ist am 27. Februar 2027 abgelaufen',
        '- Führerschein: in Deutschland gültig bis 29. März 2027',
        '- Führerschein: in Deutschland nur noch heute gültig',
        '- Führerschein: war in Deutschland bis 20. Februar 2027 gültig',
      ].join('\n'),
    );
    expect(de.text).toContain('Erinnerungen abbestellen');
  });
});
