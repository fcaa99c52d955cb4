import { describe, expect, it } from 'vitest';
import { conceptsOf, foldText, SYNONYMS, searchTerms, splitCompound, stems, words } from './guide-search';

describe("the guide search's words", () => {
  it('folds case, accents, umlauts and ß', () => {
    expect(foldText('Führerschein ÄRZTE Straße Café')).toBe('fuhrerschein arzte strasse cafe');
    expect(words('Steuer-ID, Kita?')).toEqual(['steuer', 'id', 'kita']);
  });

  it('stems German and English words to the same term for their forms, stop words dropped', () => {
    expect(stems('Anmeldungen', 'de')).toEqual(stems('Anmeldung', 'de'));
    expect(stems('Führerscheins', 'de')).toEqual(stems('fuhrerschein', 'de'));
    expect(stems('registering', 'en')).toEqual(stems('registered', 'en'));
    expect(stems('licences', 'en')).toEqual(stems('licence', 'en'));
    expect(stems('the', 'en')).toEqual([]);
    expect(stems('mein', 'any')).toEqual([]);
    // A question's language is not known: a word is stemmed both ways.
    expect(stems('versicherungen', 'any')).toEqual(
      expect.arrayContaining([...stems('versicherungen', 'de'), ...stems('versicherungen', 'en')]),
    );
  });

  it('gives the phrases of a synonym group, in either language, the same concept term', () => {
    const anmeldung = conceptsOf('Anmeldung');
    expect(anmeldung).toHaveLength(1);
    for (const phrase of [
      'Wohnsitzanmeldung',
      'address registration',
      'Registering your address',
      'where do I register my flat?',
    ])
      expect(conceptsOf(phrase), phrase).toEqual(expect.arrayContaining(anmeldung));
    expect(conceptsOf('Aufenthaltstitel')).toEqual(conceptsOf('residence permit'));
    expect(conceptsOf('Führerschein')).toEqual(conceptsOf('driving licence'));
    expect(conceptsOf('Krankenversicherung')).toEqual(conceptsOf('health insurance'));
    expect(conceptsOf('Steuer-ID')).toEqual(conceptsOf('tax ID'));
    expect(conceptsOf('Kita')).toEqual(conceptsOf('daycare'));
    expect(conceptsOf('Kindergeld')).toEqual(conceptsOf('child benefit'));
    // Whole words only: "identity" is no "id".
    expect(conceptsOf('identity')).toEqual([]);
  });

  it("names a group by a phrase's inflected forms, not by words derived from it", () => {
    expect(conceptsOf('Integrationskurse')).toEqual(conceptsOf('integration course'));
    expect(conceptsOf('two Kitas')).toEqual(conceptsOf('Kita'));
    expect(conceptsOf('registering my address')).toEqual(conceptsOf('Anmeldung'));
    // "anmelden" is signing up for anything (a course too); "Anmeldung" is the address registration.
    expect(conceptsOf('anmelden')).toEqual([]);
  });

  it('lets a long misspelt word of a question name its group when asked to', () => {
    expect(conceptsOf('Aufenthaltstiel')).toEqual([]);
    expect(conceptsOf('Aufenthaltstiel', { typos: true })).toEqual(conceptsOf('residence permit'));
    expect(conceptsOf('Krankenversicherug')).toEqual([]);
    expect(conceptsOf('Krankenversicherug', { typos: true })).toEqual(conceptsOf('health insurance'));
    // Short words are too alike to correct.
    expect(conceptsOf('kitta', { typos: true })).toEqual([]);
  });

  it('splits a compound the vocabulary lacks into a known beginning and a known word', () => {
    const vocabulary = new Set(['kita', 'platz', 'fahrerlaubnis', 'prufung', 'phone', 'steuer']);
    expect(splitCompound('kitaplatz', vocabulary)).toEqual(['kita', 'platz']);
    expect(splitCompound('fahrprufung', vocabulary)).toEqual(['fahr', 'prufung']);
    expect(splitCompound('steuersplatz', vocabulary)).toEqual(['steuer', 'platz']);
    expect(splitCompound('xylophone', vocabulary)).toBeNull();
    expect(splitCompound('prufung', vocabulary)).toBeNull();
  });

  it('has each phrase in one group only, so a concept term means one thing', () => {
    const phrases = SYNONYMS.flat().map((p) => words(p).join(' '));
    expect(new Set(phrases).size).toBe(phrases.length);
  });

  it("makes a text's terms from its stems and its concepts", () => {
    expect(searchTerms('Wie lange gilt mein Führerschein?', 'any')).toEqual(
      expect.arrayContaining([...stems('fuhrerschein', 'de'), ...conceptsOf('driving licence')]),
    );
  });
});
