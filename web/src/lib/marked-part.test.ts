import { describe, expect, it } from 'vitest';
import { markedPart } from './marked-part';

describe('markedPart', () => {
  it('splits a sentence around its marked part, wherever it stands', () => {
    expect(
      markedPart('By creating an account you agree to our <privacy>Privacy Policy</privacy>.', 'privacy'),
    ).toEqual(['By creating an account you agree to our ', 'Privacy Policy', '.']);
    expect(markedPart('<privacy>Datenschutz</privacy> gilt', 'privacy')).toEqual([
      '',
      'Datenschutz',
      ' gilt',
    ]);
  });

  it('leaves a sentence without the mark whole (a missing translation shows its key)', () => {
    expect(markedPart('signup.privacyNotice', 'privacy')).toEqual(['signup.privacyNotice', '', '']);
  });
});
