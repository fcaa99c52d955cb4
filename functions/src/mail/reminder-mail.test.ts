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
});
