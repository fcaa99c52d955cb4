// The admin's customer list read page by page on the server, whatever the number of
// customers: each filter is a query of its own GSI1 partition (README 'Key design'), a search
// reads only the index words that begin with what was typed.
import type { Page, Profile } from '@shared/api';
import { type CustomerFilter, MATCHES_FILTER } from '@shared/customer-filters';
import { customerWords, leadingWord, matchesWords } from '@shared/search-words';
import { batchGet, queryPage } from './client';
import {
  deletionRequests,
  type Item,
  indexPageKey,
  listEntries,
  listPartition,
  PENDING_DELETIONS,
  profiles,
  searchWords,
  wordPartition,
} from './entities';
import { listCustomers } from './profiles';

/** Rounds of index reads one search page may take before it hands back what it found. */
const SEARCH_ROUNDS = 5;

/** The customers a page of index entries names, in the page's order. */
async function profilesOf(userIds: string[]): Promise<Profile[]> {
  const found = new Map(
    (await batchGet([...new Set(userIds)].map((id) => profiles.key(id))))
      .map((item) => profiles.fromItem(item))
      // An admin is no customer, whatever entry still names them (a request filed before).
      .filter((stored) => stored.role === 'customer')
      .map(({ profile }) => [profile.id, profile] as const),
  );
  // An entry whose profile has gone (a deletion in progress) is left out.
  return userIds.flatMap((id) => found.get(id) ?? []);
}

/** One page of a filter, newest customer first: one Query, plus one BatchGet for the profiles. */
export async function listFilterPage(
  filter: CustomerFilter,
  limit: number,
  cursor: string | null,
): Promise<Page<Profile>> {
  if (filter === 'total') return listCustomers(limit, cursor);
  const [partition, sortPrefix, userOf] =
    filter === 'deletions'
      ? [
          PENDING_DELETIONS,
          deletionRequests.sortPrefix,
          (item: Item) => deletionRequests.fromItem(item).user_id,
        ]
      : [listPartition(filter), listEntries.sortPrefix, (item: Item) => listEntries.fromItem(item).user_id];
  const page = await queryPage(
    { partition, index: true, newestFirst: true },
    { limit, cursor, shape: indexPageKey((v) => v === partition, sortPrefix) },
  );
  return { items: await profilesOf(page.items.map(userOf)), nextCursor: page.nextCursor };
}

/**
 * One page of a search (words already folded, at least one), within a filter: the index words
 * beginning with the search's longest word are read in rounds of `limit`; their customers are
 * kept when every other word begins one of theirs too and they pass the filter. Ordered by the
 * matched word; a customer matched by two of their words can come back on a later page too.
 */
export async function searchPage(
  words: string[],
  filter: CustomerFilter,
  limit: number,
  cursor: string | null,
): Promise<Page<Profile>> {
  const lead = leadingWord(words) ?? '';
  const partition = wordPartition(lead);
  const shape = indexPageKey((v) => v === partition, searchWords.sortPrefix);
  const found = new Map<string, Profile>();
  let next = cursor;
  for (let round = 0; round < SEARCH_ROUNDS; round++) {
    const page = await queryPage(
      { partition, index: true, sortPrefix: lead },
      { limit, cursor: next, shape },
    );
    const ids = [...new Set(page.items.map((item) => searchWords.fromItem(item).user_id))];
    for (const profile of await profilesOf(ids.filter((id) => !found.has(id)))) {
      if (MATCHES_FILTER[filter](profile) && matchesWords(customerWords(profile), words))
        found.set(profile.id, profile);
    }
    next = page.nextCursor;
    if (!next || found.size >= limit) break;
  }
  return { items: [...found.values()], nextCursor: next };
}
