import type { FormEvent } from 'react';
import { type DefaultValues, type FieldValues, type Resolver, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { serverMessage } from './errors';
import { showServerErrors } from './server-fields';

/**
 * A form in a dialog (create a company, invite someone): checked by its schema before anything
 * is sent; saved, it empties and the dialog closes; refused, the server's field messages go to
 * their fields and its reason (else `failed`) to a toast, and the dialog stays open. Cancel
 * empties it too.
 */
export function useDialogForm<Input extends FieldValues, Output = Input>({
  resolver,
  defaultValues,
  onClose,
  save,
  failed,
}: {
  resolver: Resolver<Input, unknown, Output>;
  defaultValues: DefaultValues<Input>;
  onClose: () => void;
  /** Sends the values (and says so); a throw keeps the dialog open. */
  save: (values: Output) => Promise<void>;
  failed: string;
}) {
  const form = useForm<Input, unknown, Output>({ resolver, defaultValues });
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.handleSubmit(async (values) => {
    try {
      await save(values);
      close();
    } catch (error) {
      showServerErrors(form.setError, error);
      toast.error(serverMessage(error, failed));
    }
  });
  return { form, close, onSubmit: (event: FormEvent) => void submit(event) };
}
