import { describe, expect, it } from 'vitest';
import { inBatches } from './batches';

describe('inBatches', () => {
  it('runs at most `size` at once, a batch after the one before, and keeps the items’ order', async () => {
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const results = await inBatches([1, 2, 3, 4, 5], 2, async (n) => {
      started.push(n);
      running++;
      most = Math.max(most, running);
      // The later item of a batch finishes first: order still follows the items.
      await new Promise((resolve) => setImmediate(resolve));
      if (n % 2 === 1) await new Promise((resolve) => setImmediate(resolve));
      running--;
      return n * 10;
    });
    expect(results).toEqual([10, 20, 30, 40, 50]);
    expect(most).toBe(2);
    expect(started).toEqual([1, 2, 3, 4, 5]);
  });

  it('does nothing for no items', async () => {
    expect(await inBatches([], 8, async () => 1)).toEqual([]);
  });
});
