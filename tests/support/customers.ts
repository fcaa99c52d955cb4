// Customers in a given state for the suites: details saved, onboarded (documents uploaded
// through the API), verified. Above auth.ts and documents.ts, which it uses; neither imports it.
import type { Profile } from '@shared/api';
import { adminToken, api, newCustomer } from './auth';
import { upload } from './documents';
import { tinyPdf } from './files';

/**
 * A customer with details saved (arrival date as given) and, if asked, onboarded (both
 * required documents uploaded, onboarding completed: the dashboard's customer) and verified
 * by the admin.
 */
export async function customerWith(
  url: string,
  options: { arrival?: string; onboarded?: boolean; verified?: boolean } = {},
) {
  const customer = await newCustomer(url);
  const me = await api<{ profile: { id: string } }>(url, '/api/me', { token: customer.idToken });
  const userId = me.body.profile.id;
  if (options.arrival) {
    const saved = await api(url, '/api/me/profile', {
      token: customer.idToken,
      method: 'PUT',
      body: detailsArrivingOn(options.arrival),
    });
    if (saved.status !== 200) throw new Error(`profile save failed: ${JSON.stringify(saved.body)}`);
  }
  if (options.onboarded) await completeOnboarding(url, customer.idToken);
  if (options.verified) {
    const verified = await api(url, `/api/admin/users/${userId}/verify`, {
      token: await adminToken(url),
      method: 'POST',
    });
    if (verified.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verified.body)}`);
  }
  return { ...customer, userId };
}

/** The onboarding details (PUT /api/me/profile) of the suites' customer, arriving on this date. */
export function detailsArrivingOn(arrival: string) {
  return {
    gender: 'male',
    first_name: 'Rahul',
    last_name: 'Sharma',
    whatsapp_number: '+919876543210',
    nationality: 'Indian',
    target_city: 'Berlin',
    intended_arrival_date: arrival,
    knows_address: false,
  };
}

/** Uploads the two required documents and completes onboarding (details must be saved). */
export async function completeOnboarding(url: string, token: string) {
  await upload(url, token, 'passport', 'passport.pdf', tinyPdf());
  await upload(url, token, 'employment_contract', 'contract.pdf', tinyPdf());
  const done = await api(url, '/api/me/onboarding/complete', { token, method: 'POST', body: {} });
  if (done.status !== 200) throw new Error(`onboarding failed: ${JSON.stringify(done.body)}`);
}

/**
 * An admin edit of the whole profile as the Personal Info form sends it (PATCH
 * /api/admin/users/{id}): what is stored, with `changes` over it.
 */
export async function editAsAdmin<T = Profile>(url: string, admin: string, userId: string, changes: object) {
  const { body } = await api<{ profile: Profile }>(url, `/api/admin/users/${userId}`, { token: admin });
  const p: Record<string, unknown> = { ...body.profile, ...changes };
  const fields = [
    'first_name',
    'last_name',
    'email',
    'gender',
    'whatsapp_number',
    'nationality',
    'target_city',
    'intended_arrival_date',
    'knows_address',
    'street_address',
    'postal_code',
    'city',
    'country',
    'entry_date',
    'move_in_date',
    'family_members',
  ] as const;
  return api<T>(url, `/api/admin/users/${userId}`, {
    token: admin,
    method: 'PATCH',
    body: Object.fromEntries(fields.map((field) => [field, p[field]])),
  });
}
