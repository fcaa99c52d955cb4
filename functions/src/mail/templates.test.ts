// The status notices' shape: greeting, body, the team's note or reason, the page link in both
// parts, everything escaped in the html part.
import { describe, expect, it } from 'vitest';
import { employeeInvitationMail, NOTICE_PAGES, type NoticeKind, noticeMail } from './templates';

const ORIGIN = 'https://app.example.com';

describe('noticeMail', () => {
  it.each(Object.keys(NOTICE_PAGES) as NoticeKind[])(
    '%s links its page in both parts, in both languages',
    (kind) => {
      for (const language of ['en', 'de']) {
        const mail = noticeMail(language, kind, ORIGIN, {
          values: { task: 'T', oldEmail: 'a@x', newEmail: 'b@x' },
        });
        const link = `${ORIGIN}${NOTICE_PAGES[kind]}`;
        expect(mail.html).toContain(`href="${link}"`);
        expect(mail.text).toContain(link);
        expect(mail.subject).not.toBe('');
        expect(mail.text).not.toMatch(/\{\{\w+\}\}/);
      }
    },
  );

  it('greets by first name, writes the note and the reason, escapes them and keeps their line breaks', () => {
    const mail = noticeMail('en', 'deletionRejected', ORIGIN, {
      name: 'Ada',
      teamNote: 'first line\nsecond <b>line</b>',
      reason: 'Open invoice',
    });
    expect(mail.text.startsWith('Hello Ada,')).toBe(true);
    expect(mail.text).toContain('Note from our team: first line\nsecond <b>line</b>');
    expect(mail.text).toContain('Reason: Open invoice');
    expect(mail.html).toContain('first line<br>second &lt;b&gt;line&lt;/b&gt;');
  });

  it('falls back to English for an unknown language', () => {
    expect(noticeMail('fr', 'accountDeleted', ORIGIN).subject).toBe('Your account has been deleted');
    expect(noticeMail('de', 'accountDeleted', ORIGIN).subject).toBe('Ihr Konto wurde gelöscht');
  });
});

describe('employeeInvitationMail', () => {
  const invitation = { company: 'Müller & <Söhne>', firstName: 'Anna', token: 'a'.repeat(43), days: 30 };

  it('names the company and links to the invitation by its token, in the fragment', () => {
    const mail = employeeInvitationMail('en', 'https://app.example.com', invitation);
    expect(mail.subject).toBe('Müller & <Söhne> invites you to Relocate Germany');
    expect(mail.text).toContain('Hello Anna,');
    expect(mail.text).toContain(`https://app.example.com/invitation#${'a'.repeat(43)}`);
    expect(mail.text).toContain('valid for 30 days');
    expect(mail.html).toContain('Müller &amp; &lt;Söhne&gt;');
    expect(mail.html).not.toContain('<Söhne>');
  });

  it('speaks German in the Sie-form', () => {
    const mail = employeeInvitationMail('de', 'https://app.example.com', invitation);
    expect(mail.subject).toBe('Müller & <Söhne> lädt Sie zu Relocate Germany ein');
    expect(mail.text).toContain('Hallo Anna,');
    expect(mail.text).toContain('Einladung öffnen: https://app.example.com/invitation#');
  });
});
