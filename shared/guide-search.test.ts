import { describe, expect, it } from 'vitest';
import { foldText, SYNONYMS, searchTerms, synonymTerm } from './guide-search';

describe('foldText', () => {
  it('lowers the case, folds umlauts, accents and ß, and keeps letters and digits only', () => {
    expect(foldText('Führerschein-Umschreibung, Straße!')).toBe('fuhrerschein umschreibung strasse');
    expect(foldText('Tomás  déjà vu §17 BMG')).toBe('tomas deja vu 17 bmg');
    expect(foldText('  ')).toBe('');
  });
});

describe('searchTerms', () => {
  it('cuts a text into its folded words', () => {
    expect(searchTerms('Die Steuerklasse wählen')).toEqual([
      'die',
      'steuerklasse',
      'wahlen',
      synonymTerm('steuerklasse'),
    ]);
  });

  it('gives every name of a thing, in either language, the same synonym term', () => {
    const anmeldung = synonymTerm('anmeldung');
    for (const text of [
      'Anmeldung',
      'die Wohnsitzanmeldung',
      'Address registration in Berlin',
      'Registering your address',
      'wie funktioniert die anmeldung?',
    ])
      expect(searchTerms(text), text).toContain(anmeldung);
    expect(searchTerms('Residence permit')).toContain(synonymTerm('aufenthaltstitel'));
    expect(searchTerms('Aufenthaltstitel beantragen')).toContain(synonymTerm('aufenthaltstitel'));
    expect(searchTerms('health insurance')).toContain(synonymTerm('krankenversicherung'));
    expect(searchTerms('Krankenversicherung')).toContain(synonymTerm('krankenversicherung'));
    expect(searchTerms('Fuhrerschein umschreiben')).toContain(synonymTerm('fuehrerschein'));
    expect(searchTerms('my driving licence')).toContain(synonymTerm('fuehrerschein'));
    expect(searchTerms('Steuer-ID')).toContain(synonymTerm('steuer_id'));
    expect(searchTerms('my tax ID')).toContain(synonymTerm('steuer_id'));
  });

  it('matches a phrase only as whole words', () => {
    expect(searchTerms('taxidermy')).not.toContain(synonymTerm('steuer_id'));
    expect(searchTerms('Kitagawa')).not.toContain(synonymTerm('kita'));
  });

  it('has phrases that fold to something, each in one group only', () => {
    const seen = new Map<string, string>();
    for (const [group, phrases] of Object.entries(SYNONYMS)) {
      for (const phrase of phrases) {
        const folded = foldText(phrase);
        expect(folded, `${group}: ${phrase}`).not.toBe('');
        expect(seen.get(folded), `${phrase} is in ${seen.get(folded)} and ${group}`).toBeUndefined();
        seen.set(folded, group);
      }
    }
  });
});
