import type { DocumentRecord } from '@shared/api';
import { documentExpirySchema, expiryProblem } from '@shared/schemas/documents';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { ApiError, serverMessage } from '../../lib/errors';
import { useUpdateMyDocumentExpiry } from './api';
import { expiryField } from './upload-form';

/**
 * A document's expiry date changed, in a dialog: a required date cannot be cleared, the
 * passport's can (left empty); checked as the API checks, its field message under the input.
 */
export function ExpiryForm({ document, onDone }: { document: DocumentRecord; onDone: () => void }) {
  const { t } = useTranslation();
  const updateExpiry = useUpdateMyDocumentExpiry();
  const [value, setValue] = useState(document.expires_on ?? '');
  const [error, setError] = useState<string | undefined>();
  const optional = expiryField(document.document_type) === 'optional';

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const expiresOn = value || null;
    const parsed = documentExpirySchema.safeParse({ expires_on: expiresOn });
    const problem =
      expiryProblem(document.document_type, expiresOn) ??
      (parsed.success ? null : parsed.error.issues[0]?.message);
    setError(problem ?? undefined);
    if (problem) return;
    try {
      await updateExpiry.mutateAsync({ documentId: document.id, expiresOn });
      toast.success(t('expiry.saved'));
      onDone();
    } catch (error) {
      setError(error instanceof ApiError ? error.fields?.expires_on : undefined);
      toast.error(serverMessage(error, t('expiry.saveFailed')));
    }
  };

  return (
    <form noValidate onSubmit={save} className="flex flex-col gap-4">
      <TextField
        type="date"
        label={t('expiry.date')}
        value={value}
        required={!optional}
        error={error}
        hint={optional ? t('myDocuments.expiryClears') : undefined}
        onChange={(event) => setValue(event.target.value)}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={updateExpiry.isPending}>
          {t('myDocuments.cancel')}
        </Button>
        <Button type="submit" disabled={updateExpiry.isPending}>
          {t('myDocuments.save')}
        </Button>
      </div>
    </form>
  );
}
