import type { Profile } from '@shared/api';
import { newProfile } from '@shared/profile';

// A profile for the SPA's unit tests (never imported by the app): a new customer's, nothing
// filled in, with the fields a test needs as overrides.

export const blankProfile = (overrides: Partial<Profile> = {}): Profile => ({
  ...newProfile('u-1', 'ada@example.com', '2026-11-01T00:00:00.000Z'),
  ...overrides,
});
