// The AI companion (docs/product.md#companion) through the real stack, answering extractively:
// answers with their sources in either language, the history, "Ask our team" into Messages (the
// team sees it unread, once per answer), both limits (429, nothing stored past them), the data
// export and the account's deletion.
import type { CompanionAnswer, CompanionHandoff, Conversation, MeResponse, Page, Profile } from '@shared/api';
import { API_ERRORS } from '@shared/api-errors';
import {
  COMPANION_QUESTION_MAX,
  COMPANION_QUESTIONS_PER_DAY,
  COMPANION_QUESTIONS_PER_HOUR,
} from '@shared/constants';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { DataExport } from '../../functions/src/services/data-export';
import { countQuestion } from '../../functions/src/store/companion';
import { customerWithEverything, partitionItems } from '../support/attack';
import { adminToken, api, mailbox, newCustomer } from '../support/auth';
import { pointStoreAt } from '../support/store-env';

const url = inject('stackUrl');
const SUPPORT = 'support@relocate-germany.example';

type ErrorBody = { error: { message: string; messageKey: string; fields?: Record<string, string> } };

const ask = (token: string, question: string, language: 'en' | 'de' = 'en') =>
  api<CompanionAnswer & ErrorBody>(url, '/api/me/companion/questions', {
    token,
    method: 'POST',
    body: { question, language },
  });
const handOff = (token: string, id: string) =>
  api<CompanionHandoff>(url, `/api/me/companion/questions/${id}/handoff`, {
    token,
    method: 'POST',
    body: {},
  });
const history = (token: string, query = '') =>
  api<Page<CompanionAnswer>>(url, `/api/me/companion${query}`, { token });
const userIdOf = async (token: string) => (await api<MeResponse>(url, '/api/me', { token })).body.profile.id;
/** The companion's items in a partition: questions (`~QA#`) and counts (`~QCOUNT#`). */
const companionItems = async (userId: string) =>
  (await partitionItems(url, userId)).filter((item) => /^~Q(A|COUNT)#/.test(String(item.SK)));

beforeAll(async () => {
  await pointStoreAt(url);
});

describe('asking the companion', () => {
  it('answers in the interface language with the guide articles it used, and keeps the history', async () => {
    const c = await customerWithEverything(url);
    const english = await ask(c.idToken, '  where do I register my flat  ');
    expect(english.status).toBe(201);
    expect(english.body).toMatchObject({ question: 'where do I register my flat', mode: 'extractive' });
    expect(english.body.sources[0]).toEqual({
      slug: 'anmeldung',
      title: 'Registering your address (Anmeldung)',
    });
    expect(english.body.answer).toMatch(
      /^Excerpts from our guide:\n\n“.+” \(Registering your address \(Anmeldung\)\)/,
    );
    expect(english.body.handed_off_at).toBeNull();
    // The customer's next due tasks, from their plan: dated, soonest first, beside the answer's
    // text (the page shows them with their due chips), not repeated in it.
    const due = english.body.next_tasks.map((t) => t.due_date);
    expect(due.length).toBeGreaterThan(0);
    expect([...due].sort()).toEqual(due);
    const [, ...quoted] = english.body.answer.split('\n').filter((line) => line !== '');
    for (const line of quoted) expect(line).toMatch(/^“.+” \(.+\)$/);

    const german = await ask(c.idToken, 'Wie lange gilt mein Führerschein?', 'de');
    expect(german.status).toBe(201);
    expect(german.body.sources[0]).toEqual({ slug: 'driving-licence', title: 'Führerschein umschreiben' });
    expect(german.body.answer).toMatch(/^Auszüge aus unserem Ratgeber:\n\n„/);

    // A German question in the English interface: English titles.
    const mixed = await ask(c.idToken, 'Wie lange gilt mein Führerschein?', 'en');
    expect(mixed.body.sources[0]).toEqual({
      slug: 'driving-licence',
      title: 'Converting your driving licence',
    });

    const all = await history(c.idToken);
    expect(all.status).toBe(200);
    expect(all.body.items.map((a) => a.id)).toEqual([mixed.body.id, german.body.id, english.body.id]);
    expect(all.body.items[2]).toEqual(english.body);
    const first = await history(c.idToken, '?limit=2');
    expect(first.body.items).toHaveLength(2);
    expect(first.body.nextCursor).toBeTruthy();
    const rest = await history(
      c.idToken,
      `?limit=2&cursor=${encodeURIComponent(first.body.nextCursor ?? '')}`,
    );
    expect(rest.body.items.map((a) => a.id)).toEqual([english.body.id]);
    expect(rest.body.nextCursor).toBeNull();
  });

  it('refuses an empty or too long question with a field message, and stores nothing', async () => {
    const c = await newCustomer(url);
    const userId = await userIdOf(c.idToken);
    const empty = await ask(c.idToken, '   ');
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields?.question).toBe('validation.questionRequired');
    const long = await ask(c.idToken, 'a'.repeat(COMPANION_QUESTION_MAX + 1));
    expect(long.status).toBe(400);
    expect(long.body.error.fields?.question).toBe('validation.questionTooLong');
    expect((await ask(c.idToken, 'a'.repeat(COMPANION_QUESTION_MAX))).status).toBe(201);
    const language = await api<ErrorBody>(url, '/api/me/companion/questions', {
      token: c.idToken,
      method: 'POST',
      body: { question: 'Kita', language: 'fr' },
    });
    expect(language.status).toBe(400);
    expect((await companionItems(userId)).filter((i) => String(i.SK).startsWith('~QA#'))).toHaveLength(1);
  });
});

describe('Ask our team', () => {
  it('posts the question and its sources into Messages, unread for the team, once', async () => {
    const [c, admin] = await Promise.all([customerWithEverything(url), adminToken(url)]);
    const asked = await ask(c.idToken, 'where do I register my flat');
    const first = await handOff(c.idToken, asked.body.id);
    expect(first.status).toBe(201);
    expect(first.body.question_id).toBe(asked.body.id);

    const thread = await api<Conversation>(url, `/api/admin/users/${c.userId}/messages`, { token: admin });
    expect(thread.body.unread).toBe(1);
    expect(thread.body.items).toHaveLength(1);
    const text = thread.body.items[0]?.text ?? '';
    expect(thread.body.items[0]).toMatchObject({ id: first.body.message_id, author: 'customer' });
    expect(text).toContain('I asked the companion:\nwhere do I register my flat\n');
    for (const source of asked.body.sources)
      expect(text).toContain(`- ${source.title}: /guide/${source.slug}`);
    const detail = await api<{ profile: Profile }>(url, `/api/admin/users/${c.userId}`, { token: admin });
    expect(detail.body.profile.unread_by_team).toBe(1);
    // The team's address is mailed as for any customer message (besides the mail of the
    // service request the customer made before).
    const mails = (await mailbox(url)).filter(
      (m) => m.to === SUPPORT && m.text.includes(`/admin/users/${c.userId}`),
    );
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'New message from a customer',
      'New service request from a customer',
    ]);

    // A second hand-off of the same answer (and two at once) posts nothing more.
    const again = await Promise.all([handOff(c.idToken, asked.body.id), handOff(c.idToken, asked.body.id)]);
    expect(again.map((r) => r.status)).toEqual([200, 200]);
    expect(again.map((r) => r.body)).toEqual([first.body, first.body]);
    const after = await api<Conversation>(url, `/api/admin/users/${c.userId}/messages`, { token: admin });
    expect(after.body.items).toHaveLength(1);
    expect((await history(c.idToken)).body.items[0]?.handed_off_at).toBe(first.body.handed_off_at);
  });

  it('another customer cannot hand off my answer (404), and nothing is posted', async () => {
    const [mine, other] = await Promise.all([customerWithEverything(url), newCustomer(url)]);
    const asked = await ask(mine.idToken, 'Kindergeld');
    const stolen = await handOff(other.idToken, asked.body.id);
    expect(stolen.status).toBe(404);
    expect((await api<Conversation>(url, '/api/me/messages', { token: mine.idToken })).body.items).toEqual(
      [],
    );
    expect((await api<Conversation>(url, '/api/me/messages', { token: other.idToken })).body.items).toEqual(
      [],
    );
    expect((await history(mine.idToken)).body.items[0]?.handed_off_at).toBeNull();
    expect((await history(other.idToken)).body.items).toEqual([]);
  });
});

describe('the limits', () => {
  const tooMany = (response: Awaited<ReturnType<typeof ask>>) => {
    expect(response.status).toBe(429);
    expect(response.body.error.message).toBe('You have asked a lot of questions. Please try again later.');
    expect(response.body.error.message).toBe(API_ERRORS.tooManyQuestions);
    expect(response.body.error.messageKey).toBe('apiErrors.tooManyQuestions');
  };

  it(`answers ${COMPANION_QUESTIONS_PER_HOUR} questions an hour, then 429 with nothing stored`, async () => {
    const c = await newCustomer(url);
    const userId = await userIdOf(c.idToken);
    // Asked at once: the count is atomic, so exactly the limit gets through.
    const answers = await Promise.all(
      Array.from({ length: COMPANION_QUESTIONS_PER_HOUR + 3 }, (_, i) => ask(c.idToken, `Kita ${i}`)),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(COMPANION_QUESTIONS_PER_HOUR);
    for (const refused of answers.filter((r) => r.status !== 201)) tooMany(refused);
    tooMany(await ask(c.idToken, 'one more'));
    const stored = (await companionItems(userId)).filter((i) => String(i.SK).startsWith('~QA#'));
    expect(stored).toHaveLength(COMPANION_QUESTIONS_PER_HOUR);
    expect((await history(c.idToken, '?limit=100')).body.items).toHaveLength(COMPANION_QUESTIONS_PER_HOUR);
  });

  it(`answers ${COMPANION_QUESTIONS_PER_DAY} questions a day, then 429 with nothing stored`, async () => {
    const c = await newCustomer(url);
    const userId = await userIdOf(c.idToken);
    // The day's earlier questions, counted by the product's own counting in the day's count
    // alone (asking them through the API would take five hours).
    const day = new Date().toISOString().slice(0, 10);
    const expires_at = Math.floor(Date.now() / 1000) + 3600;
    for (let i = 0; i < COMPANION_QUESTIONS_PER_DAY - 1; i++)
      expect(
        await countQuestion(userId, [{ period: day, limit: COMPANION_QUESTIONS_PER_DAY, expires_at }]),
      ).toBe('counted');
    expect((await ask(c.idToken, 'Kita')).status).toBe(201);
    tooMany(await ask(c.idToken, 'Kindergeld'));
    expect((await history(c.idToken)).body.items.map((a) => a.question)).toEqual(['Kita']);
    const counts = (await companionItems(userId)).filter((i) => String(i.SK).startsWith('~QCOUNT#'));
    // The refused question counted in neither period: the hour holds the one answered.
    expect(counts.map((i) => [i.SK, i.count])).toEqual(
      expect.arrayContaining([
        [`~QCOUNT#${day}`, COMPANION_QUESTIONS_PER_DAY],
        [expect.stringMatching(/^~QCOUNT#\d{4}-\d{2}-\d{2}T\d{2}$/), 1],
      ]),
    );
  });
});

describe("the companion's conversation and the account", () => {
  it('is in Download my data (questions with their answers, not the counts) and goes with the account', async () => {
    const c = await newCustomer(url);
    const userId = await userIdOf(c.idToken);
    const asked = await ask(c.idToken, 'Krankenversicherung ab wann', 'de');
    expect(asked.status).toBe(201);

    const link = await api<{ url: string }>(url, '/api/me/export', { token: c.idToken, method: 'POST' });
    expect(link.status).toBe(200);
    const files = unzipSync(new Uint8Array(await (await fetch(link.body.url)).arrayBuffer()));
    const data = JSON.parse(strFromU8(files['data.json'] as Uint8Array)) as DataExport;
    expect(data.companion).toEqual([
      expect.objectContaining({
        id: asked.body.id,
        question: 'Krankenversicherung ab wann',
        answer: asked.body.answer,
        sources: asked.body.sources,
        language: 'de',
      }),
    ]);
    expect(data.other.filter((o) => o.kind.startsWith('~Q'))).toEqual([]);

    const deletion = await api(url, '/api/me/deletion', { token: c.idToken, method: 'POST', body: {} });
    expect(deletion.status).toBeLessThan(300);
    expect(await partitionItems(url, userId)).toEqual([]);
  });
});
