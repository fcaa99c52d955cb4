import { describe, expect, it, vi } from 'vitest';
import { lazySdk } from './lazy-sdk';

describe('lazySdk', () => {
  it('loads nothing until called, then loads once and keeps the client', async () => {
    const load = vi.fn(async () => ({ Client: class {} }));
    const create = vi.fn((sdk: { Client: new () => object }) => new sdk.Client());
    const client = lazySdk(load, create);
    expect(load).not.toHaveBeenCalled();
    const [first, second] = await Promise.all([client(), client()]);
    expect(await client()).toBe(first);
    expect(second).toBe(first);
    expect(load).toHaveBeenCalledOnce();
    expect(create).toHaveBeenCalledOnce();
  });

  it('tries a failed load again on the next call', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('disk hiccup')).mockResolvedValue({ ok: true });
    const client = lazySdk(load, (sdk: { ok: boolean }) => sdk.ok);
    await expect(client()).rejects.toThrow('disk hiccup');
    await expect(client()).resolves.toEqual({ sdk: { ok: true }, client: true });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
