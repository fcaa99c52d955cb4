// Add to calendar: the feed at its secret address, read by a real iCalendar parser, current at
// every fetch; Reset calendar link voids the old address at once; an unknown one is an empty 404.
import type { CalendarLink, JourneyResponse } from '@shared/api';
import ICAL from 'ical.js';
import { describe, expect, inject, it } from 'vitest';
import { partitionItems } from '../support/attack';
import { api, dateFromToday } from '../support/auth';
import { customerWith, detailsArrivingOn } from '../support/customers';

const url = inject('stackUrl');

/** The feed's path on this stack (the link names the stack's origin). */
const pathOf = (link: string) => new URL(link).pathname + new URL(link).search;

async function feed(link: string) {
  const response = await fetch(`${url}${pathOf(link)}`);
  return { response, text: await response.text() };
}

function eventsOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      date: event.startDate.toString(),
      allDay: event.startDate.isDate,
      summary: event.summary,
      url: String(vevent.getFirstPropertyValue('url')),
      description: event.description,
    };
  });
}

/** The open tasks with a due date, as the customer's own journey shows them in a language. */
async function datedOpenTasks(token: string, language: string) {
  const journey = await api<JourneyResponse>(url, '/api/me/journey', {
    token,
    headers: { 'accept-language': language },
  });
  return journey.body.phases
    .flatMap((phase) => phase.tasks)
    .filter((task) => task.status !== 'completed' && task.due_date)
    .map((task) => ({ date: task.due_date, summary: task.task_name }));
}

describe('the calendar feed', () => {
  it("holds one all-day event per dated open task, titled in the account's language, and nothing else", async () => {
    const c = await customerWith(url, { arrival: dateFromToday(20), verified: true });
    const saved = await api(url, '/api/me/profile', {
      token: c.idToken,
      method: 'PUT',
      body: { ...detailsArrivingOn(dateFromToday(20)), entry_date: dateFromToday(20) },
    });
    expect(saved.status).toBe(200);
    const language = await api(url, '/api/me/language', {
      token: c.idToken,
      method: 'PUT',
      body: { language: 'de' },
    });
    expect(language.status).toBe(200);
    // A task done is no longer in the feed.
    const tasks = (
      await api<JourneyResponse>(url, '/api/me/journey', { token: c.idToken })
    ).body.phases.flatMap((phase) => phase.tasks);
    const done = tasks.find(
      (task) => task.completion_type === 'user_self_complete' && task.due_date && !task.is_preview,
    );
    if (!done) throw new Error('no dated self-complete task in phase 1');
    const completed = await api(url, `/api/me/tasks/${done.id}/complete`, {
      token: c.idToken,
      method: 'POST',
      body: {},
    });
    expect(completed.status).toBe(200);

    const link = await api<CalendarLink>(url, '/api/me/calendar', { token: c.idToken });
    expect(link.status).toBe(200);
    const token = /\/api\/calendar\/([A-Za-z0-9_-]+)\.ics$/.exec(link.body.url)?.[1] ?? '';
    expect(token.length).toBeGreaterThanOrEqual(22); // 128 bits and more
    expect(link.body.webcal_url).toBe(link.body.url.replace(/^https?:/, 'webcal:'));
    // The same address on every visit, until it is reset.
    expect((await api<CalendarLink>(url, '/api/me/calendar', { token: c.idToken })).body).toEqual(link.body);

    const { response, text } = await feed(link.body.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBeNull();
    const events = eventsOf(text);
    const expected = await datedOpenTasks(c.idToken, 'de');
    expect(expected.length).toBeGreaterThan(0);
    expect(events.map(({ date, summary }) => ({ date, summary }))).toEqual(expected);
    expect(events.some((event) => event.summary === done.task_name)).toBe(false);
    for (const event of events) {
      expect(event.allDay).toBe(true);
      expect(event.url).toBe(`${url}/dashboard`);
      expect(event.description).toBe(`${url}/dashboard`);
    }
    // Stable ids: the same task keeps its event at the next fetch.
    expect(eventsOf((await feed(link.body.url)).text).map((e) => e.uid)).toEqual(events.map((e) => e.uid));
    expect(new Set(events.map((e) => e.uid)).size).toBe(events.length);
    // Nothing about the customer but the tasks: no name, e-mail or id.
    for (const secret of [c.email, c.userId, 'Rahul', 'Sharma']) expect(text).not.toContain(secret);
    // The download link: the same file as an attachment.
    const download = await fetch(`${url}${pathOf(link.body.download_url)}`);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="[\w.-]+\.ics"$/);
    expect(eventsOf(await download.text())).toHaveLength(events.length);
  });

  it('is current at every fetch: a date entered later moves the events', async () => {
    const c = await customerWith(url, { arrival: dateFromToday(20), verified: true });
    const link = (await api<CalendarLink>(url, '/api/me/calendar', { token: c.idToken })).body;
    const before = eventsOf((await feed(link.url)).text);
    await api(url, '/api/me/profile', {
      token: c.idToken,
      method: 'PUT',
      body: { ...detailsArrivingOn(dateFromToday(20)), entry_date: dateFromToday(40) },
    });
    const after = eventsOf((await feed(link.url)).text);
    expect(after.map(({ date, summary }) => ({ date, summary }))).toEqual(
      await datedOpenTasks(c.idToken, 'en'),
    );
    expect(after).not.toEqual(before);
  });

  it('answers the old address 404 (empty) after a reset, and the new one works', async () => {
    const c = await customerWith(url, { arrival: dateFromToday(20) });
    const old = (await api<CalendarLink>(url, '/api/me/calendar', { token: c.idToken })).body;
    expect((await feed(old.url)).response.status).toBe(200);
    const reset = await api<CalendarLink>(url, '/api/me/calendar/reset', {
      token: c.idToken,
      method: 'POST',
    });
    expect(reset.status).toBe(200);
    expect(reset.body.url).not.toBe(old.url);
    const gone = await feed(old.url);
    expect([gone.response.status, gone.text]).toEqual([404, '']);
    expect((await feed(reset.body.url)).response.status).toBe(200);
    expect((await api<CalendarLink>(url, '/api/me/calendar', { token: c.idToken })).body).toEqual(reset.body);
  });

  it("goes with the account: a deleted customer's address answers 404, and nothing of the feed is left", async () => {
    const c = await customerWith(url, { arrival: dateFromToday(20) });
    const link = (await api<CalendarLink>(url, '/api/me/calendar', { token: c.idToken })).body;
    expect((await feed(link.url)).response.status).toBe(200);
    // Unverified: the account goes at once.
    const deleted = await api<{ deleted: boolean }>(url, '/api/me/deletion', {
      token: c.idToken,
      method: 'POST',
      body: {},
    });
    expect(deleted.body.deleted).toBe(true);
    const gone = await feed(link.url);
    expect([gone.response.status, gone.text]).toEqual([404, '']);
    expect(await partitionItems(url, c.userId)).toEqual([]);
  });

  it('answers an unknown or malformed address 404 with an empty body', async () => {
    for (const file of [`${'A'.repeat(43)}.ics`, 'nothing.ics', 'x', `${'A'.repeat(43)}.ics?download=1`]) {
      const response = await fetch(`${url}/api/calendar/${file}`);
      expect([file, response.status, await response.text()]).toEqual([file, 404, '']);
    }
  });
});
