// The daily reminder mail (docs/product.md#reminders): the tasks due soon and those overdue,
// each with its date, a link to the dashboard and one to unsubscribe, also offered to mail
// clients as a one-click List-Unsubscribe (RFC 8058). Its own module: only the job sends it.
import type { Language } from '@shared/constants';
import { escapeHtml, mailTexts, type RenderedMail } from './templates';

export interface ReminderLine {
  task: string;
  /** YYYY-MM-DD */
  due_date: string;
}

export interface ReminderMailInput {
  name?: string | null;
  soon: ReminderLine[];
  overdue: ReminderLine[];
  dashboardUrl: string;
  unsubscribeUrl: string;
}

const LOCALES: Record<Language, string> = { en: 'en-GB', de: 'de-DE' };

/** A calendar date as the language writes it (1 March 2027, 1. März 2027). */
export function mailDate(date: string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALES[language], {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);

export function reminderMail(
  language: Language,
  input: ReminderMailInput,
): RenderedMail & { headers: Record<string, string> } {
  const texts = mailTexts(language);
  const t = texts.reminders;
  const greeting = input.name ? fill(texts.common.greetingName, { name: input.name }) : texts.common.greeting;
  const line = (l: ReminderLine) => fill(t.task, { task: l.task, date: mailDate(l.due_date, language) });
  const sections = [
    { title: t.overdue, lines: input.overdue.map(line) },
    { title: t.dueSoon, lines: input.soon.map(line) },
  ].filter((s) => s.lines.length > 0);
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(t.intro)}</p>`,
    ...sections.map(
      (s) =>
        `<p><strong>${escapeHtml(s.title)}</strong></p>\n<ul>${s.lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`,
    ),
    `<p><a href="${escapeHtml(input.dashboardUrl)}">${escapeHtml(t.button)}</a></p>`,
    `<p>${escapeHtml(texts.common.signoff)}</p>`,
    `<p><small><a href="${escapeHtml(input.unsubscribeUrl)}">${escapeHtml(t.unsubscribe)}</a></small></p>`,
  ].join('\n');
  const text = [
    greeting,
    t.intro,
    ...sections.map((s) => [s.title, ...s.lines.map((l) => `- ${l}`)].join('\n')),
    `${t.button}: ${input.dashboardUrl}`,
    texts.common.signoff,
    `${t.unsubscribe}: ${input.unsubscribeUrl}`,
  ].join('\n\n');
  return {
    subject: t.subject,
    html,
    text,
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
