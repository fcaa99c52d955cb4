// The Bedrock answerer against a mocked Converse API (aws-sdk-client-mock): what it sends
// (model, system prompt, passages, allowed facts, the question as the guarded part, the
// guardrail), and how it reads the reply (cited ids, tokens, a guardrail's intervention).
import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AnswerRequest } from '../companion/answerer';
import { retrievePassages } from '../companion/search';
import { converseReply } from '../test-fixtures';
import { bedrockAnswerer } from './bedrock';

const bedrock = mockClient(BedrockRuntimeClient);
const saved = { ...process.env };
beforeAll(() => {
  Object.assign(process.env, {
    AWS_REGION: 'eu-central-1',
    AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
    AWS_SECRET_ACCESS_KEY: 'secret',
    COMPANION_MODEL_ID: 'eu.amazon.nova-lite-v1:0',
    COMPANION_GUARDRAIL_ID: 'gr-123',
    COMPANION_GUARDRAIL_VERSION: '4',
  });
});
afterAll(() => {
  process.env = saved;
  bedrock.restore();
});
beforeEach(() => bedrock.reset());

const request = (language: AnswerRequest['language'] = 'de'): AnswerRequest => ({
  question: 'where do I register my flat',
  language,
  passages: retrievePassages('where do I register my flat', language),
  customer: {
    first_name: 'Ada',
    entry_date: '2026-12-01',
    move_in_date: '2026-12-10',
    open_tasks: [{ task_template_id: 'address_registration', name: 'Anmeldung', due_date: '2026-12-24' }],
  },
});

const sent = () => {
  const input = bedrock.commandCalls(ConverseCommand)[0]?.args[0].input;
  if (!input) throw new Error('Converse was not called');
  return input;
};

describe('the Converse request', () => {
  it('names the model and the guardrail, and asks for the interface language', async () => {
    bedrock.on(ConverseCommand).resolves(converseReply('Beim Bürgeramt.\nSOURCES: anmeldung#0'));
    await bedrockAnswerer.answer(request('de'));
    const input = sent();
    expect(input.modelId).toBe('eu.amazon.nova-lite-v1:0');
    expect(input.guardrailConfig).toEqual({
      guardrailIdentifier: 'gr-123',
      guardrailVersion: '4',
      trace: 'disabled',
    });
    const system = input.system?.map((block) => block.text).join('\n') ?? '';
    expect(system).toContain('Use ONLY the numbered guide passages');
    expect(system).toContain('Write the answer in German');
    expect(system).toContain('SOURCES: ');
    expect(input.inferenceConfig?.maxTokens).toBeGreaterThan(0);
  });

  it('gives the passages with their ids and the allowed facts; only the question is the guarded part', async () => {
    bedrock.on(ConverseCommand).resolves(converseReply('At the Bürgeramt.\nSOURCES: anmeldung#0'));
    const asked = request('en');
    await bedrockAnswerer.answer(asked);
    const [message, ...others] = sent().messages ?? [];
    expect(others).toEqual([]);
    expect(message?.role).toBe('user');
    const [context, question, ...rest] = message?.content ?? [];
    expect(rest).toEqual([]);
    expect(question).toEqual({ guardContent: { text: { text: 'where do I register my flat' } } });
    const text = context?.text ?? '';
    expect(asked.passages.length).toBeGreaterThan(0);
    for (const passage of asked.passages) {
      expect(text).toContain(`[${passage.id}] ${passage.title}`);
      expect(text).toContain(passage.text);
    }
    expect(text).toContain('First name: Ada');
    expect(text).toContain('Date of entry to Germany: 2026-12-01');
    expect(text).toContain('Move-in date: 2026-12-10');
    expect(text).toContain('Open task in their plan: Anmeldung (due 2026-12-24)');
  });
});

describe('the reply', () => {
  it('is the text without its sources line, citing the ids listed there, with the tokens used', async () => {
    bedrock
      .on(ConverseCommand)
      .resolves(
        converseReply('Register within two weeks [anmeldung#1].\n\n**Sources:** anmeldung#1, anmeldung#0'),
      );
    expect(await bedrockAnswerer.answer(request('en'))).toEqual({
      text: 'Register within two weeks.',
      cited: ['anmeldung#1', 'anmeldung#0'],
      mode: 'bedrock',
      tokens: 1200,
    });
  });

  it('without a sources line cites nothing (the service then falls back)', async () => {
    bedrock.on(ConverseCommand).resolves(converseReply('Register within two weeks.'));
    expect(await bedrockAnswerer.answer(request('en'))).toMatchObject({ cited: [], tokens: 1200 });
  });

  it("is refused when the guardrail intervened, the model's tokens counted", async () => {
    bedrock.on(ConverseCommand).resolves(
      converseReply('Sorry, the model cannot answer this question.', {
        stopReason: 'guardrail_intervened',
      }),
    );
    expect(await bedrockAnswerer.answer(request('en'))).toEqual({
      text: '',
      cited: [],
      mode: 'bedrock',
      tokens: 1200,
      refused: 'guardrail intervened',
    });
  });

  it('is refused when cut off at the token limit', async () => {
    bedrock.on(ConverseCommand).resolves(converseReply('Register within', { stopReason: 'max_tokens' }));
    expect((await bedrockAnswerer.answer(request('en'))).refused).toBe('cut off at the token limit');
  });

  it("fails with Bedrock's error (throttling): the service answers extractively", async () => {
    bedrock
      .on(ConverseCommand)
      .rejects(Object.assign(new Error('Too many requests'), { name: 'ThrottlingException' }));
    await expect(bedrockAnswerer.answer(request('en'))).rejects.toMatchObject({
      name: 'ThrottlingException',
    });
  });
});
