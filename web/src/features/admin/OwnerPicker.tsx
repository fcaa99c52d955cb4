import { fullName } from '@shared/names';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../components/Button';
import { SelectField } from '../../components/SelectField';
import { serverMessage } from '../../lib/errors';
import { useMe } from '../../lib/me';
import { useTeam } from './api';

/**
 * Who of the team owns a service request or a conversation (docs/product.md#owners): a select of
 * the team (none: the support team as a whole) and Assign to me. Each choice is saved at once.
 */
export function OwnerPicker({
  label,
  ownerId,
  onSave,
  disabled = false,
}: {
  label: string;
  ownerId: string | null;
  onSave: (ownerId: string | null) => Promise<unknown>;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const team = useTeam();
  const me = useMe();
  const myId = me.data?.profile.id ?? null;

  const save = async (next: string | null) => {
    if (next === ownerId) return;
    try {
      await onSave(next);
      toast.success(t('admin.owners.saved'));
    } catch (error) {
      toast.error(serverMessage(error, t('admin.owners.failed')));
    }
  };

  return (
    <div className="flex flex-wrap items-end gap-2">
      <SelectField
        className="min-w-48 flex-1"
        label={label}
        placeholder={t('messages.supportTeam')}
        options={(team.data ?? []).map((member) => ({
          value: member.id,
          label: fullName(member) || member.email,
        }))}
        value={ownerId ?? ''}
        disabled={disabled || !team.data}
        onChange={(event) => void save(event.target.value || null)}
      />
      <Button
        variant="secondary"
        disabled={disabled || !myId || ownerId === myId}
        onClick={() => void save(myId)}
      >
        {t('admin.owners.assignToMe')}
      </Button>
    </div>
  );
}
