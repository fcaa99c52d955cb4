import type { DeletionRequest } from '@shared/api';
import { NOTES_MAX } from '@shared/constants';
import { deletionRejectionSchema } from '@shared/schemas/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { TextArea } from '../../components/TextArea';
import { serverMessage } from '../../lib/errors';
import { useRejectDeletion } from './api';

/**
 * A customer's pending deletion request: the team either deletes the account (Personal tab)
 * or rejects the request here, with a reason the customer is mailed.
 */
export function DeletionRequestCard({ userId, request }: { userId: string; request: DeletionRequest }) {
  const { t } = useTranslation();
  const reject = useRejectDeletion();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = async () => {
    const parsed = deletionRejectionSchema.safeParse({ reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    try {
      await reject.mutateAsync({ userId, reason: parsed.data.reason });
      toast.success(t('admin.user.rejected'));
      setOpen(false);
    } catch (failure) {
      toast.error(serverMessage(failure, t('admin.user.rejectFailed')));
    }
  };

  return (
    <div className="mt-4 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      <p>
        {t('admin.user.deletionPending')}{' '}
        {request.reason && t('admin.user.deletionReason', { reason: request.reason })}
      </p>
      <Button
        variant="secondary"
        className="mt-3"
        onClick={() => {
          setReason('');
          setError(undefined);
          setOpen(true);
        }}
      >
        {t('admin.user.rejectButton')}
      </Button>
      <Dialog open={open} title={t('admin.user.rejectDialogTitle')} onClose={() => setOpen(false)}>
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <TextArea
            label={t('admin.user.rejectReason')}
            maxLength={NOTES_MAX}
            value={reason}
            error={error}
            onChange={(e) => {
              setReason(e.target.value);
              setError(undefined);
            }}
          />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('admin.user.cancel')}
            </Button>
            <Button type="submit" disabled={reject.isPending}>
              {t('admin.user.rejectConfirm')}
            </Button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}
