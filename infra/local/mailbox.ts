import type { ServerResponse } from 'node:http';
import { sendJson } from './http-util';

export interface MailboxEntry {
  to: string;
  subject: string;
  text: string;
  html: string;
  sentAt: string;
  /** The headers the product set (by name as sent), e.g. List-Unsubscribe. */
  headers: Record<string, string>;
}

interface SesStore {
  emails: {
    destination: { to: string[] };
    subject: string;
    body: { html?: string; text?: string };
    headers?: { name: string; value: string }[];
    at: number;
  }[];
}

/**
 * Every mail the product sent, oldest first, read from the SES emulator's store; with `since`
 * (seconds since the epoch, as the emulator counts), only those sent in or after that second.
 */
export async function readMailbox(sesUrl: string, since?: number): Promise<MailboxEntry[]> {
  const query = since === undefined ? '' : `?since=${since}`;
  const store = (await (await fetch(`${sesUrl}/store${query}`)).json()) as SesStore;
  return store.emails
    .map((mail) => ({
      to: mail.destination.to.join(', '),
      subject: mail.subject,
      text: mail.body.text ?? '',
      html: mail.body.html ?? '',
      sentAt: new Date(mail.at * 1000).toISOString(),
      headers: Object.fromEntries((mail.headers ?? []).map((h) => [h.name, h.value])),
    }))
    .sort((a, b) => a.sentAt.localeCompare(b.sentAt));
}

import { escapeHtml } from '@functions/mail/templates';

/**
 * GET /_local/mail: every mail, as a page or (Accept: application/json) JSON; `?since=` (whole
 * seconds since the epoch) keeps the mails sent in or after that second, so a test waiting for
 * a new mail need not read every mail of the run each time it looks.
 */
export async function serveMailbox(
  sesUrl: string,
  res: ServerResponse,
  wantsHtml: boolean,
  since: string | null = null,
) {
  if (since !== null && !/^\d+$/.test(since))
    return sendJson(res, 400, { message: 'since: whole seconds since the epoch' });
  const mails = await readMailbox(sesUrl, since === null ? undefined : Number(since));
  if (!wantsHtml) return sendJson(res, 200, mails);
  const items = [...mails]
    .reverse()
    .map(
      (
        m,
      ) => `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">To ${escapeHtml(m.to)} · ${escapeHtml(m.sentAt)}</p>
<iframe sandbox="allow-popups allow-top-navigation-by-user-activation" title="${escapeHtml(m.subject)}"
  srcdoc="${escapeHtml(`<base target="_top">${m.html || `<pre>${escapeHtml(m.text)}</pre>`}`)}"></iframe></article>`,
    )
    .join('\n');
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local mailbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem}
article{border:1px solid #ddd;border-radius:8px;padding:1rem;margin-bottom:1rem}h2{margin:0;font-size:1.1rem}
.meta{color:#555;font-size:.9rem}iframe{width:100%;height:260px;border:0;background:#fafafa}</style></head>
<body><h1>Local mailbox</h1><p>${mails.length} message(s), newest first. JSON: <code>GET /_local/mail</code> with <code>Accept: application/json</code>.</p>
${items || '<p>No mail yet.</p>'}</body></html>`);
}
