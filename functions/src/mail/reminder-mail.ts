// The daily reminder mail (docs/product.md#reminders): the tasks due soon and those overdue,
// each with its date, the documents that expire soon or did, a link to the dashboard and one to
// unsubscribe, also offered to mail clients as a one-click List-Unsubscribe (RFC 8058). Its own
// module: only the job sends it.
import type { Language } from '@shared/constants';
import { escapeHtml, mailTexts, type RenderedMail } from './templates';

export interface ReminderLine {
  task: string;
  /** YYYY-MM-DD */
  due_date: string;
}

/** A document reminded of: its name in the mail's language and the date it is about. */
export interface DocumentLine {
  document: string;
  /** YYYY-MM-DD */
  date: string;
  /** The document's own expiry date, or the end of a driving licence's six months in Germany. */
  clock: 'expiry' | 'valid_in_germany';
  /** The date ahead of the mail's day, on it, or past it (an on-the-day reminder sent late). */
  when: 'ahead' | 'today' | 'past';
}

export interface ReminderMailInput {
  name?: string | null;
  soon: ReminderLine[];
  overdue: ReminderLine[];
  documents?: DocumentLine[];
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
  const documentTexts = {
    expiry: { ahead: t.documentExpires, today: t.documentExpiresToday, past: t.documentExpired },
    valid_in_germany: {
      ahead: t.documentValidUntil,
      today: t.documentValidUntilToday,
      past: t.documentWasValidUntil,
    },
  };
  const documentLine = (l: DocumentLine) =>
    fill(documentTexts[l.clock][l.when], { document: l.document, date: mailDate(l.date, language) });
  const documents = input.documents ?? [];
  const tasks = input.overdue.length + input.soon.length > 0;
  const sections = [
    { title: t.overdue, lines: input.overdue.map(line) },
    { title: t.dueSoon, lines: input.soon.map(line) },
    { title: t.documents, lines: documents.map(documentLine) },
  ].filter((s) => s.lines.length > 0);
  const intro = !tasks ? t.introDocuments : documents.length > 0 ? t.introBoth : t.intro;
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
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
    intro,
    ...sections.map((s) => [s.title, ...s.lines.map((l) => `- ${l}`)].join('\n')),
    `${t.button}: ${input.dashboardUrl}`,
    texts.common.signoff,
    `${t.unsubscribe}: ${input.unsubscribeUrl}`,
  ].join('\n\n');
  return {
    subject: tasks ? t.subject : t.subjectDocuments,
    html,
    text,
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
