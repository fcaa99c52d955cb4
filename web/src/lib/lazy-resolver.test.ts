import type { Resolver } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { lazyResolver } from './lazy-resolver';

type Form = { email: string };
const options = { fields: {}, shouldUseNativeValidation: false } as const;
const valid: Resolver<Form> = async (values) => ({ values, errors: {} });

describe('lazyResolver', () => {
  it('downloads its module once, at the first validation or when prepared, and validates with it', async () => {
    let downloads = 0;
    const lazy = lazyResolver(async () => {
      downloads += 1;
      return valid;
    });
    expect(downloads).toBe(0);
    lazy.prepare();
    lazy.prepare();
    const result = await lazy.resolver({ email: 'a@b.de' }, undefined, options);
    await lazy.resolver({ email: 'c@d.de' }, undefined, options);
    expect(result).toEqual({ values: { email: 'a@b.de' }, errors: {} });
    expect(downloads).toBe(1);
  });

  it('fails the validation whose download failed, and downloads again on the next', async () => {
    let downloads = 0;
    const lazy = lazyResolver(async () => {
      downloads += 1;
      if (downloads === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return valid;
    });
    await expect(lazy.resolver({ email: 'a@b.de' }, undefined, options)).rejects.toThrow(/Failed to fetch/);
    await expect(lazy.resolver({ email: 'a@b.de' }, undefined, options)).resolves.toEqual({
      values: { email: 'a@b.de' },
      errors: {},
    });
    expect(downloads).toBe(2);
  });

  it('keeps a failed preparation quiet: the validation that needs the module reports it', async () => {
    let downloads = 0;
    const lazy = lazyResolver(async () => {
      downloads += 1;
      throw new TypeError('offline');
    });
    lazy.prepare();
    await expect(lazy.resolver({ email: 'a@b.de' }, undefined, options)).rejects.toThrow('offline');
    expect(downloads).toBeGreaterThanOrEqual(1);
  });
});
