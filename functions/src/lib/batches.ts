/**
 * Runs `work` over the items, at most `size` at once: a batch starts when the one before it has
 * finished, so a job's load on the table and on SES stays bounded however many items it has.
 * The results come in the items' order.
 */
export async function inBatches<T, R>(
  items: readonly T[],
  size: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size) {
    results.push(...(await Promise.all(items.slice(i, i + size).map(work))));
  }
  return results;
}
