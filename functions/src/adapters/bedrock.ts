// The companion's `bedrock` answerer: Bedrock's Converse API in the Lambda's region (the
// stage's), with the stage's model or inference profile and the stack's guardrail
// (COMPANION_MODEL_ID, COMPANION_GUARDRAIL_ID / _VERSION: infra/stacks/lambda.ts). What it
// sends is companion/prompt.ts's: the question, the passages, the customer's allowed facts.
// It answers or throws; the citation check and the extractive fallback are the service's.
import type { BedrockRuntimeClient, ConverseCommandOutput } from '@aws-sdk/client-bedrock-runtime';
import type { Answer, Answerer, AnswerRequest } from '../companion/answerer';
import { contextText, parseReply, systemPrompt } from '../companion/prompt';
import { env } from '../config';
import { traced } from '../lib/tracing';
import { lazySdk } from './lazy-sdk';

/**
 * One retry at most, and the whole call cut off after BEDROCK_TIMEOUT_MS: the route's Lambda
 * has 10 seconds, and a slow or throttled model must leave it the time to answer extractively.
 */
const bedrock = lazySdk(
  () => import('./sdk/bedrock'),
  (sdk): BedrockRuntimeClient => traced(new sdk.BedrockRuntimeClient({ maxAttempts: 2 })),
);
export const BEDROCK_TIMEOUT_MS = 7000;

/** Enough for the 150 words the prompt allows, in German too, and the sources line. */
const MAX_TOKENS = 600;

/** The reply's text: the text blocks of its message, joined. */
const replyText = (output: ConverseCommandOutput): string =>
  (output.output?.message?.content ?? [])
    .map((block) => block.text ?? '')
    .join('')
    .trim();

export const bedrockAnswerer: Answerer = {
  mode: 'bedrock',
  async answer(request: AnswerRequest): Promise<Answer> {
    const { sdk, client } = await bedrock();
    const output = await client.send(
      new sdk.ConverseCommand({
        modelId: env.companionModelId,
        system: [{ text: systemPrompt(request.language) }],
        messages: [
          {
            role: 'user',
            content: [
              { text: contextText(request) },
              // Only the customer's words are checked on the way in (denied topics, PII,
              // prompt attacks); the passages are our reviewed guide. The reply is always checked.
              { guardContent: { text: { text: request.question } } },
            ],
          },
        ],
        inferenceConfig: { maxTokens: MAX_TOKENS, temperature: 0.2 },
        guardrailConfig: { ...env.companionGuardrail, trace: 'disabled' },
      }),
      { abortSignal: AbortSignal.timeout(BEDROCK_TIMEOUT_MS) },
    );
    const tokens = (output.usage?.inputTokens ?? 0) + (output.usage?.outputTokens ?? 0);
    if (output.stopReason === 'guardrail_intervened')
      return { text: '', cited: [], mode: 'bedrock', tokens, refused: 'guardrail intervened' };
    const { text, cited } = parseReply(replyText(output));
    // A reply cut off at the token limit may have lost its sources line: it is not shown as is.
    if (output.stopReason === 'max_tokens')
      return { text, cited, mode: 'bedrock', tokens, refused: 'cut off at the token limit' };
    return { text, cited, mode: 'bedrock', tokens };
  },
};
