// The companion's answers with the store mocked and the clock pinned: the limits (nothing
// answered or stored past them), the citation check and its extractive fallback, the customer's
// facts an answer may use (and nothing else of theirs reaching the model), the Bedrock answerer's
// fallbacks with its metrics, and the hand-off's once-only message.
import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bedrockAnswerer } from '../adapters/bedrock';
import type { Answer, Answerer, AnswerRequest } from '../companion/answerer';
import { retrievePassages } from '../companion/search';
import type { CustomerAccount, WithPartition } from '../edge/caller';
import { pinClock } from '../lib/clock';
import { Conflict, NotFound, TooMany, Unauthenticated } from '../lib/errors';
import { loadCatalogue } from '../store/catalogue';
import { countQuestion, findExchange, saveExchange } from '../store/companion';
import type { CompanionExchange } from '../store/entities';
import {
  captureOutput,
  catalogue,
  converseReply,
  customer,
  document,
  NOW,
  partition,
  task,
  USER,
  workflow,
} from '../test-fixtures';
import { answerWithFallback, askCompanion, citationProblem } from './companion';
import { handOffQuestion, handoffText } from './companion-history';
import { postCustomerMessage } from './messages';

vi.mock('../store/companion', async (original) => ({
  ...(await original<typeof import('../store/companion')>()),
  countQuestion: vi.fn(),
  saveExchange: vi.fn(),
  findExchange: vi.fn(),
}));
vi.mock('../store/catalogue');
vi.mock('./messages');

const bedrock = mockClient(BedrockRuntimeClient);
let output: ReturnType<typeof captureOutput>;
let unpin: () => void;
beforeEach(() => {
  vi.resetAllMocks();
  bedrock.reset();
  unpin = pinClock(NOW);
  output = captureOutput();
  output.counted(); // nothing left over from another test
  vi.stubEnv('AWS_REGION', 'eu-central-1');
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDEXAMPLE');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret');
  vi.stubEnv('COMPANION_MODEL_ID', 'eu.amazon.nova-lite-v1:0');
  vi.stubEnv('COMPANION_GUARDRAIL_ID', 'gr-123');
  vi.stubEnv('COMPANION_GUARDRAIL_VERSION', '1');
  vi.mocked(countQuestion).mockResolvedValue('counted');
  vi.mocked(saveExchange).mockResolvedValue(true);
  vi.mocked(loadCatalogue).mockResolvedValue(catalogue());
});
afterEach(() => {
  unpin();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});
afterAll(() => bedrock.restore());

function asker(): WithPartition<CustomerAccount> {
  const account = customer({ first_name: 'Ada', entry_date: '2026-12-01', move_in_date: '2026-12-10' });
  return { ...account, partition: partition(account.profile, { tasks: [task('address_registration')] }) };
}

const request = (question: string): AnswerRequest => ({
  question,
  language: 'en',
  passages: retrievePassages(question, 'en'),
  customer: { first_name: 'Ada', entry_date: null, move_in_date: null, open_tasks: [] },
});

const model = (answer: Partial<Answer> | Error): Answerer => ({
  mode: 'bedrock',
  answer: async () => {
    if (answer instanceof Error) throw answer;
    return { text: 'A model wrote this.', cited: [], mode: 'bedrock', ...answer };
  },
});

describe('askCompanion', () => {
  it('answers from the guide, cites its passages, gives the next due tasks beside its text, and stores it', async () => {
    const answer = await askCompanion(asker(), { question: 'where do I register my flat', language: 'en' });
    expect(answer.mode).toBe('extractive');
    expect(answer.sources[0]).toEqual({ slug: 'anmeldung', title: 'Registering your address (Anmeldung)' });
    expect(answer.answer).toMatch(/^Excerpts from our guide:\n/);
    // The plan's open tasks with a due date, soonest first: three of them, as data beside the
    // text (the page shows them with their due chips), not repeated in it.
    const due = answer.next_tasks.map((t) => t.due_date);
    expect(due).toHaveLength(3);
    expect([...due].sort()).toEqual(due);
    const [, ...quoted] = answer.answer.split('\n').filter((line) => line !== '');
    for (const line of quoted) expect(line).toMatch(/^“.+” \(.+\)$/);
    expect(answer.id).toMatch(/^\d{13}-[0-9a-f-]{36}$/);
    const stored = vi.mocked(saveExchange).mock.calls[0]?.[0];
    expect(stored).toMatchObject({ user_id: USER, question: 'where do I register my flat', language: 'en' });
    expect(stored?.cited.every((id) => id.includes('#'))).toBe(true);
  });

  it('counts the question in its hour and its day, with their limits, before answering', async () => {
    await askCompanion(asker(), { question: 'Kita', language: 'de' });
    expect(vi.mocked(countQuestion).mock.calls[0]).toEqual([
      USER,
      [
        { period: '2026-11-23T10', limit: 20, expires_at: expect.any(Number) },
        { period: '2026-11-23', limit: 100, expires_at: expect.any(Number) },
      ],
    ]);
  });

  it.each([0, 1])('past a limit (period %i): TooMany, no answer, nothing stored', async (period) => {
    vi.mocked(countQuestion).mockResolvedValue(period);
    const answerer = { mode: 'bedrock' as const, answer: vi.fn() };
    await expect(askCompanion(asker(), { question: 'Kita', language: 'en' }, answerer)).rejects.toEqual(
      new TooMany('tooManyQuestions'),
    );
    expect(answerer.answer).not.toHaveBeenCalled();
    expect(saveExchange).not.toHaveBeenCalled();
  });

  it('refused while a deletion request is pending: nothing counted, nothing stored', async () => {
    const pending = asker();
    pending.profile = { ...pending.profile, deletion_requested: true };
    await expect(askCompanion(pending, { question: 'Kita', language: 'en' })).rejects.toEqual(
      new Conflict('actionsLockedByDeletion'),
    );
    expect(countQuestion).not.toHaveBeenCalled();
    expect(saveExchange).not.toHaveBeenCalled();
  });

  it('an account being deleted: Unauthenticated, nothing stored', async () => {
    vi.mocked(countQuestion).mockResolvedValue('deleted');
    await expect(askCompanion(asker(), { question: 'Kita', language: 'en' })).rejects.toBeInstanceOf(
      Unauthenticated,
    );
    expect(saveExchange).not.toHaveBeenCalled();
  });

  it('a German question with the interface in English cites English titles', async () => {
    const answer = await askCompanion(asker(), {
      question: 'wie lange gilt mein Führerschein',
      language: 'en',
    });
    expect(answer.sources[0]).toEqual({ slug: 'driving-licence', title: 'Converting your driving licence' });
  });
});

describe('the citation check and the extractive fallback', () => {
  const question = 'wie lange gilt mein Führerschein';

  it('keeps an answer that cites only passages it was given', async () => {
    const given = request(question);
    const id = given.passages[0]?.id ?? '';
    const answer = await answerWithFallback(model({ cited: [id, id], tokens: 321 }), given);
    expect(answer).toEqual({ text: 'A model wrote this.', cited: [id], mode: 'bedrock', tokens: 321 });
  });

  it('replaces an answer citing nothing by the extractive one (the tokens still counted)', async () => {
    const given = request(question);
    const answer = await answerWithFallback(model({ cited: [], tokens: 99 }), given);
    expect(answer.mode).toBe('extractive');
    expect(answer.cited.length).toBeGreaterThan(0);
    expect(answer.tokens).toBe(99);
    expect(citationProblem({ text: '', cited: [], mode: 'bedrock' }, given.passages)).toBe(
      'cites no passage',
    );
  });

  it('replaces an answer citing a passage it was not given', async () => {
    const answer = await answerWithFallback(model({ cited: ['anmeldung#99'] }), request(question));
    expect(answer.mode).toBe('extractive');
    expect(answer.cited).not.toContain('anmeldung#99');
  });

  it('answers extractively when the answerer fails, and asks no model without passages', async () => {
    expect((await answerWithFallback(model(new Error('throttled')), request(question))).mode).toBe(
      'extractive',
    );
    const asked = vi.fn();
    const none = await answerWithFallback({ mode: 'bedrock', answer: asked }, request('xylophone quartz'));
    expect(asked).not.toHaveBeenCalled();
    expect(none).toMatchObject({ mode: 'extractive', cited: [] });
    expect(none.text).toMatch(/^Our guide has nothing on this yet/);
  });
});

describe('the Bedrock answerer behind the citation check', () => {
  const question = 'where do I register my flat';
  const given = () => request(question);

  it("shows the model's answer citing the passages it was given, counted with its tokens", async () => {
    const id = given().passages[0]?.id ?? '';
    bedrock.on(ConverseCommand).resolves(converseReply(`Register at the Bürgeramt.\nSOURCES: ${id}`));
    expect(await answerWithFallback(bedrockAnswerer, given())).toEqual({
      text: 'Register at the Bürgeramt.',
      cited: [id],
      mode: 'bedrock',
      tokens: 1200,
    });
    expect(output.counted()).toEqual({ CompanionBedrockAnswers: 1, CompanionTokens: 1200 });
  });

  it.each([
    ['the guardrail intervened', converseReply('Blocked.', { stopReason: 'guardrail_intervened' }), 1200],
    ['it cites nothing', converseReply('Register at the Bürgeramt.'), 1200],
    ['it cites a passage it was not given', converseReply('Register.\nSOURCES: tax-id#3'), 1200],
  ])('answers extractively when %s: logged, counted, the tokens too', async (_, converse, tokens) => {
    bedrock.on(ConverseCommand).resolves(converse);
    const answer = await answerWithFallback(bedrockAnswerer, given());
    expect(answer).toMatchObject({ mode: 'extractive', tokens });
    expect(answer.text).toMatch(/^Excerpts from our guide:\n/);
    expect(output.logged('companion answer replaced by the extractive one')).toHaveLength(1);
    expect(output.counted()).toEqual({
      CompanionExtractiveAnswers: 1,
      CompanionFallbacks: 1,
      CompanionTokens: tokens,
    });
  });

  it('answers extractively when Bedrock throttles (ThrottlingException)', async () => {
    bedrock
      .on(ConverseCommand)
      .rejects(Object.assign(new Error('Too many requests'), { name: 'ThrottlingException' }));
    const answer = await answerWithFallback(bedrockAnswerer, given());
    expect(answer.mode).toBe('extractive');
    expect(answer.tokens).toBeUndefined();
    expect(output.logged('companion answer replaced by the extractive one')).toEqual([
      expect.objectContaining({
        problem: 'failed',
        error: expect.objectContaining({ name: 'ThrottlingException' }),
      }),
    ]);
    expect(output.counted()).toEqual({ CompanionExtractiveAnswers: 1, CompanionFallbacks: 1 });
  });

  it("sends the model the question, the passages and the customer's allowed facts: nothing else of theirs", async () => {
    bedrock.on(ConverseCommand).resolves(converseReply('Register.\nSOURCES: anmeldung#0'));
    const account = customer({
      email: 'ada.private@example.org',
      first_name: 'Ada',
      last_name: 'Lovelace-Secret',
      whatsapp_number: '+4915199988877',
      nationality: 'Narnian',
      street_address: 'Geheimweg 7',
      postal_code: '10999',
      city: 'Hiddenbach',
      entry_date: '2026-12-01',
      move_in_date: '2026-12-10',
    });
    const caller = {
      ...account,
      partition: partition(account.profile, {
        tasks: [task('address_registration', { notes: 'note: my landlord Mr Hidden' })],
        workflows: [workflow({ notes: 'team note: visa refused once', assigned_to: 'Berta Intern' })],
        documents: [document({ file_name: 'passport-of-ada-X1234567.pdf', title: 'Passport title' })],
      }),
    };
    await askCompanion(caller, { question, language: 'en' }, bedrockAnswerer);
    const body = JSON.stringify(bedrock.commandCalls(ConverseCommand)[0]?.args[0].input);
    expect(body).toContain(question);
    expect(body).toContain('First name: Ada');
    expect(body).toContain('Date of entry to Germany: 2026-12-01');
    for (const secret of [
      'ada.private@example.org',
      'Lovelace-Secret',
      '+4915199988877',
      'Narnian',
      'Geheimweg',
      '10999',
      'Hiddenbach',
      'Mr Hidden',
      'visa refused',
      'Berta Intern',
      'passport-of-ada',
      'Passport title',
      USER,
    ])
      expect(body, secret).not.toContain(secret);
  });
});

describe('handOffQuestion', () => {
  const exchange: CompanionExchange = {
    id: '1795000000000-q',
    user_id: USER,
    question: 'Wo melde ich mich an?',
    language: 'de',
    answer: '…',
    mode: 'extractive',
    cited: ['anmeldung#1'],
    sources: [{ slug: 'anmeldung', title: 'Anmeldung des Wohnsitzes' }],
    next_tasks: [],
    tokens: null,
    created_at: NOW,
    handed_off_at: null,
    handoff_message_id: null,
  };
  const message = { id: 'm-1', author: 'customer' as const, text: '', workflow_id: null, created_at: NOW };

  it('posts the question with its sources as the customer message, once', async () => {
    vi.mocked(findExchange).mockResolvedValue(exchange);
    vi.mocked(postCustomerMessage).mockResolvedValue(message);
    const first = await handOffQuestion(customer(), exchange.id);
    expect(first).toEqual({
      created: true,
      handoff: { question_id: exchange.id, message_id: 'm-1', handed_off_at: NOW },
    });
    const [, input] = vi.mocked(postCustomerMessage).mock.calls[0] ?? [];
    expect(input?.text).toBe(handoffText(exchange));
    expect(handoffText(exchange)).toContain('Wo melde ich mich an?\n');
    expect(handoffText(exchange)).toContain('- Anmeldung des Wohnsitzes: /guide/anmeldung');

    vi.mocked(findExchange).mockResolvedValue({ ...exchange, handed_off_at: NOW, handoff_message_id: 'm-1' });
    const again = await handOffQuestion(customer(), exchange.id);
    expect(again).toEqual({ created: false, handoff: first.handoff });
    expect(postCustomerMessage).toHaveBeenCalledTimes(1);
  });

  it('a hand-off of the same answer that got in first: its message is the one (200, none posted)', async () => {
    vi.mocked(findExchange)
      .mockResolvedValueOnce(exchange)
      .mockResolvedValueOnce({ ...exchange, handed_off_at: NOW, handoff_message_id: 'm-0' });
    vi.mocked(postCustomerMessage).mockRejectedValue(new Conflict('profileChanged'));
    expect(await handOffQuestion(customer(), exchange.id)).toEqual({
      created: false,
      handoff: { question_id: exchange.id, message_id: 'm-0', handed_off_at: NOW },
    });
  });

  it("another's answer, or none: 404", async () => {
    vi.mocked(findExchange).mockResolvedValue(null);
    await expect(handOffQuestion(customer(), 'nope')).rejects.toBeInstanceOf(NotFound);
    expect(postCustomerMessage).not.toHaveBeenCalled();
  });
});
