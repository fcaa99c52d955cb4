import type { Profile } from '@shared/api';

/**
 * The profile's fields as its forms start (the customer's details, the team's edit): as saved,
 * '' for what is not given yet (the placeholder of a dropdown, an empty text field).
 */
export function profileFieldValues(profile: Profile) {
  return {
    gender: profile.gender ?? ('' as const),
    first_name: profile.first_name ?? '',
    last_name: profile.last_name ?? '',
    whatsapp_number: profile.whatsapp_number ?? '',
    nationality: profile.nationality ?? '',
    target_city: profile.target_city ?? '',
    intended_arrival_date: profile.intended_arrival_date ?? '',
    knows_address: profile.knows_address,
    street_address: profile.street_address ?? '',
    postal_code: profile.postal_code ?? '',
    city: profile.city ?? '',
  };
}
