import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../components/Button';
import { serverMessage } from '../../lib/errors';
import { useMe } from '../../lib/me';

/** What an owner control saves: the new owner (null: the support team as a whole). */
export type SaveOwner = (ownerId: string | null) => Promise<unknown>;

/**
 * Saving an owner the way every owner control does: nothing when it does not change, then
 * "Owner saved" or why not. `myId`: the signed-in admin (null until known).
 */
export function useOwnerChoice(ownerId: string | null, onSave: SaveOwner) {
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
