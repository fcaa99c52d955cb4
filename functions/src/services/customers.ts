// The customer an admin route names, or a team action concerns: on its own, so light routes
// (the activity and message views, the data export) need not load the profile services.
import type { Profile } from '@shared/api';
import { NotFound } from '../lib/errors';
import type { StoredProfile } from '../store/entities';
import { getStoredProfile } from '../store/profile-state';

/** A stored customer's profile; an admin's or a missing one is not found (admin routes name customers). */
export function customerProfile(stored: StoredProfile | null): Profile {
  if (stored?.role !== 'customer') throw new NotFound('userNotFound');
  return stored.profile;
}

/** The customer an admin route names, read on its own. */
export async function requireCustomer(userId: string): Promise<Profile> {
  return customerProfile(await getStoredProfile(userId));
}

/** The customer a team action concerns, to tell them; an admin's or a missing one is nobody. */
export async function customerOf(userId: string): Promise<Profile | null> {
  const stored = await getStoredProfile(userId);
  return stored?.role === 'customer' ? stored.profile : null;
}
