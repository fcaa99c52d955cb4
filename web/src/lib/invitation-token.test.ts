import { describe, expect, it } from 'vitest';
import { tokenFromHash } from './invitation-token';

const TOKEN = `${'A'.repeat(20)}_-${'z9'.repeat(10)}q`;

describe('tokenFromHash', () => {
  it("takes an invitation link's token from the fragment", () => {
    expect(TOKEN).toHaveLength(43);
    expect(tokenFromHash(`#${TOKEN}`)).toBe(TOKEN);
  });

  it('refuses anything that is not a token (the page then says the link is not valid)', () => {
    expect(tokenFromHash('')).toBeNull();
    expect(tokenFromHash('#')).toBeNull();
    expect(tokenFromHash(`#${TOKEN}x`)).toBeNull();
    expect(tokenFromHash(`#${TOKEN.slice(1)}`)).toBeNull();
    expect(tokenFromHash(`#${TOKEN.slice(1)}=`)).toBeNull();
  });
});
