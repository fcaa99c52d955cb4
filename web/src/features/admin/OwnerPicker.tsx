import { fullName } from '@shared/names';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../components/Button';
import { SelectField } from '../../components/SelectField';
import { serverMessage } from '../../lib/errors';
import { useMe } from '../../lib/me';
import { useTeam } from './api';

/** What an owner control saves: the new owner (null: the support team as a whole). */
type SaveOwner = (ownerId: string | null) => Promise<unknown>;

/**
 * Saving an owner the way every owner control does: nothing when it does not change, then
 * "Owner saved" or why not. `myId`: the signed-in admin (null until known).
 */
function useOwnerChoice(ownerId: string | null, onSave: SaveOwner) {
  const { t } = useTranslation();
  const me = useMe();
  const save = async (next: string | null) => {
    if (next === ownerId) return;
    try {
      await onSave(next);
      toast.success(t('admin.owners.saved'));
    } catch (error) {
      toast.error(serverMessage(error, t('admin.owners.failed')));
    }
  };
  return { myId: me.data?.profile.id ?? null, save };
}

/**
 * Assign to me: the signed-in admin becomes the owner (docs/product.md#owners); pressed while
 * they are already, it is disabled. `describedBy` names the item on a list's card.
 */
export function AssignToMe({
  ownerId,
  onSave,
  disabled = false,
  describedBy,
  className,
}: {
  ownerId: string | null;
  onSave: SaveOwner;
  disabled?: boolean;
  describedBy?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const { myId, save } = useOwnerChoice(ownerId, onSave);
  return (
    <Button
      variant="secondary"
      className={className}
      aria-describedby={describedBy}
      disabled={disabled || !myId || ownerId === myId}
      onClick={() => void save(myId)}
    >
      {t('admin.owners.assignToMe')}
    </Button>
  );
}

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
  onSave: SaveOwner;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const team = useTeam();
  const { save } = useOwnerChoice(ownerId, onSave);

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
      <AssignToMe ownerId={ownerId} onSave={onSave} disabled={disabled} />
    </div>
  );
}
