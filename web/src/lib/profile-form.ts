import type { Profile } from '@shared/api';
import { type FieldValues, type Path, type Resolver, type UseFormProps, useForm } from 'react-hook-form';
import { ApiError } from './errors';

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

/**
 * A profile form (the customer's details, the team's edit) validated by its schema's resolver.
 * `showServerErrors` puts the server's field messages back onto the form: the server runs the
 * same schema, so its messages name the same fields.
 */
export function useProfileForm<Input extends FieldValues, Output>(
  resolver: Resolver<Input, unknown, Output>,
  start: Pick<UseFormProps<Input, unknown, Output>, 'values' | 'defaultValues'>,
) {
  const form = useForm<Input, unknown, Output>({ resolver, ...start });
  const showServerErrors = (error: unknown) => {
    for (const [field, message] of Object.entries(error instanceof ApiError ? (error.fields ?? {}) : {})) {
      form.setError(field as Path<Input>, { message });
    }
  };
  return { ...form, showServerErrors };
}
