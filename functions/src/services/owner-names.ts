// How an owner (docs/product.md#owners) reads to the customer and in the activity: the first
// name, or null for "Support team"; never an address or an id.
import type { Profile } from '@shared/api';
import { getProfiles } from '../store/profiles';

export const ownerName = (owner: Pick<Profile, 'first_name'> | null | undefined): string | null =>
  owner?.first_name?.trim() || null;

/** The first names of these owners, by owner id (one BatchGet; none named: no read). */
export async function ownerNames(
  ownerIds: readonly (string | null | undefined)[],
): Promise<Map<string, string | null>> {
  const ids = [...new Set(ownerIds.filter((id): id is string => Boolean(id)))];
  if (ids.length === 0) return new Map();
  const found = await getProfiles(ids);
  return new Map(ids.map((id) => [id, ownerName(found.get(id))]));
}
