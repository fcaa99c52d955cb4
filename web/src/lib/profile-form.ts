import type { Profile } from '@shared/api';
import { useEffect, useRef } from 'react';
import {
  type FieldValues,
  type Path,
  type PathValue,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import { showServerErrors } from './server-fields';

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
    // The date of entry defaults to the intended arrival date (docs/product.md#step-1-details).
    entry_date: profile.entry_date ?? profile.intended_arrival_date ?? '',
    move_in_date: profile.move_in_date ?? '',
    family_members: profile.family_members ?? ('' as const),
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
  useEntryDateFollowsArrival(form);
  // The move-in date's check reads the date of entry: a changed date of entry checks it again.
  const register: typeof form.register = (name, options) =>
    form.register(
      name,
      name === 'entry_date' ? { ...options, deps: 'move_in_date' as Path<Input> } : options,
    );
  return { ...form, register, showServerErrors: (error: unknown) => showServerErrors(form.setError, error) };
}

/**
 * The date of entry defaults to the intended arrival date: while it is empty, or still the
 * arrival date the form had, it follows a new arrival date; once it is a date of its own it
 * stays. What the form holds on saving is stored as given.
 */
function useEntryDateFollowsArrival<Input extends FieldValues, Output>(
  form: UseFormReturn<Input, unknown, Output>,
) {
  const arrival = useRef<unknown>(form.getValues('intended_arrival_date' as Path<Input>) ?? '');
  useEffect(() => {
    const { unsubscribe } = form.watch((values, { name }) => {
      const next = values.intended_arrival_date ?? '';
      const entry = values.entry_date ?? '';
      if (name === 'intended_arrival_date' && (entry === '' || entry === arrival.current)) {
        // Both forms have the field: their inputs are the profile's fields (profileFieldValues).
        form.setValue('entry_date' as Path<Input>, next as PathValue<Input, Path<Input>>);
      }
      arrival.current = next;
    });
    return unsubscribe;
  }, [form]);
}
