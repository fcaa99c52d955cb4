// How a model's reply is read: its sources line in the forms models write it, and the text
// without it; and what the prompt's context leaves out.
import { describe, expect, it } from 'vitest';
import { contextText, parseReply } from './prompt';

describe('parseReply', () => {
  it.each([
    ['SOURCES: anmeldung#1, tax-id#0', ['anmeldung#1', 'tax-id#0']],
    ['Sources: anmeldung#1,tax-id#0.', ['anmeldung#1', 'tax-id#0']],
    ['**SOURCES:** anmeldung#1 tax-id#0', ['anmeldung#1', 'tax-id#0']],
    ['- SOURCES: [anmeldung#1], [anmeldung#1]', ['anmeldung#1']],
    ['SOURCES: none', []],
  ])('reads "%s"', (line, cited) => {
    expect(parseReply(`Go to the Bürgeramt.\n${line}`)).toEqual({ text: 'Go to the Bürgeramt.', cited });
  });

  it('cites nothing without a sources line, whatever ids the text names', () => {
    expect(parseReply('Go to the Bürgeramt (anmeldung#1).')).toEqual({
      text: 'Go to the Bürgeramt.',
      cited: [],
    });
  });

  it('takes the last sources line, and keeps the text around it', () => {
    expect(parseReply('The word SOURCES: anmeldung#9 here.\n\nMore text.\nSOURCES: anmeldung#2\n')).toEqual({
      text: 'The word SOURCES: anmeldung#9 here.\n\nMore text.',
      cited: ['anmeldung#2'],
    });
  });
});

describe('contextText', () => {
  it('leaves out empty facts and says when there are none', () => {
    const text = contextText({
      question: 'q',
      language: 'en',
      passages: [],
      customer: { first_name: null, entry_date: null, move_in_date: null, open_tasks: [] },
    });
    expect(text).toContain("The customer's facts:\n- none");
    expect(text).not.toContain('First name');
  });
});
