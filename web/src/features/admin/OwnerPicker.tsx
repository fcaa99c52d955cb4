import { fullName } from '@shared/names';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../components/SelectField';
import { AssignToMe, type SaveOwner, useOwnerChoice } from './AssignToMe';
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
