// What a model is told and how its reply is read (the Bedrock answerer, adapters/bedrock.ts).
// The prompt holds exactly what may reach a model: the question, the retrieved passages with
// their ids, and the customer's first name, plan dates and open tasks (CustomerFacts), and
// nothing else of theirs. The reply must end with the ids of the passages it used, on a line
// `SOURCES: <id>, <id>`; a reply without one cites nothing and is replaced (services/companion.ts).
import type { GuideLanguage } from '@shared/guide';
import type { AnswerRequest, CustomerFacts } from './answerer';

const LANGUAGE_NAMES: Record<GuideLanguage, string> = { en: 'English', de: 'German' };

/** The label of the line that lists the passages an answer used. */
export const SOURCES_LABEL = 'SOURCES';

/** The rules of every answer, in the interface language's name. */
export function systemPrompt(language: GuideLanguage): string {
  return [
    'You answer questions of a customer of a relocation service for people moving to Germany.',
    "Use ONLY the numbered guide passages and the customer's facts given in the message. Never add a rule, deadline, fee, address or number that is not in them.",
    'If they do not answer the question, say so in one sentence and suggest asking our team.',
    'Give general information only: no individual legal, tax or insurance advice.',
    `Write the answer in ${LANGUAGE_NAMES[language]}, whatever the language of the question: short paragraphs or a list, at most 150 words, plain text without links.`,
    'Do not put passage ids in the answer text.',
    `End with one last line listing the ids of the passages you used, exactly like: ${SOURCES_LABEL}: anmeldung#1, tax-id#0`,
  ].join('\n');
}

/** The customer's facts as the prompt gives them; an empty fact is left out. */
function factLines(facts: CustomerFacts): string[] {
  const lines: string[] = [];
  if (facts.first_name) lines.push(`First name: ${facts.first_name}`);
  if (facts.entry_date) lines.push(`Date of entry to Germany: ${facts.entry_date}`);
  if (facts.move_in_date) lines.push(`Move-in date: ${facts.move_in_date}`);
  for (const task of facts.open_tasks)
    lines.push(`Open task in their plan: ${task.name} (due ${task.due_date})`);
  return lines;
}

/**
 * The context of a question: the passages (id, article title, section heading, text) and the
 * customer's facts. The question itself goes separately, as the part the guardrail checks.
 */
export function contextText({ passages, customer }: AnswerRequest): string {
  const blocks = passages.map((p) =>
    [`[${p.id}] ${p.title}${p.heading ? ` – ${p.heading}` : ''}`, p.text].join('\n'),
  );
  const facts = factLines(customer);
  return [
    'Guide passages:',
    blocks.join('\n\n'),
    '',
    "The customer's facts:",
    facts.length ? facts.map((line) => `- ${line}`).join('\n') : '- none',
    '',
    "The customer's question:",
  ].join('\n');
}

/** A passage id as the guide makes them (`<slug>#<n>`). */
const PASSAGE_ID = /[a-z0-9]+(?:-[a-z0-9]+)*#\d+/g;
/** The sources line: the label (maybe bold or bulleted), a colon, then the ids or "none". */
const SOURCES_LINE = new RegExp(`^[\\s*_>-]*${SOURCES_LABEL}[\\s*_]*:(.*)$`, 'i');

/**
 * A model's reply as an answer: the text without the sources line (and without any passage
 * id it wrote into the text anyway), and the ids that line lists, each once. No sources line,
 * or none listed: nothing cited.
 */
export function parseReply(reply: string): { text: string; cited: string[] } {
  const lines = reply.trim().split('\n');
  let at = -1;
  for (let i = lines.length - 1; i >= 0; i--) {
    if (SOURCES_LINE.test(lines[i] ?? '')) {
      at = i;
      break;
    }
  }
  const listed = at >= 0 ? (SOURCES_LINE.exec(lines[at] ?? '')?.[1] ?? '') : '';
  const cited = [...new Set(listed.toLowerCase().match(PASSAGE_ID) ?? [])];
  const body = (at >= 0 ? [...lines.slice(0, at), ...lines.slice(at + 1)] : lines).join('\n');
  const text = body
    .replace(/\s*[[(]\s*[a-z0-9-]+#\d+(?:\s*,\s*[a-z0-9-]+#\d+)*\s*[\])]/g, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { text, cited };
}
