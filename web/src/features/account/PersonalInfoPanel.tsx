import type { Profile } from '@shared/api';
import { fullName } from '@shared/names';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../components/Button';
import { MyDetailsForm } from '../../components/MyDetailsForm';
import { Panel } from '../../components/Panel';
import { editDetailsRequest, withoutEditDetailsRequest } from '../../lib/edit-details';
import { formatDate } from '../../lib/format';
import { type ProfileRow, sharedProfileRows } from '../../lib/profile-rows';

/**
 * My Account's personal information, read-only, and for a customer Edit details: onboarding
 * step 1's form opens in place of the view, Save or Cancel closes it and focus goes back to
 * the button. Not offered while a deletion request is pending (the server refuses any change
 * then) nor to an admin (the details are a customer's). A link from the dashboard
 * (lib/edit-details.ts) opens the form at once, focus on the date it asks for.
 */
export function PersonalInfoPanel({ profile, editable }: { profile: Profile; editable: boolean }) {
  const { t } = useTranslation(['translation', 'nationalities']);
  const [search, setSearch] = useSearchParams();
  const [request, setRequest] = useState(() => editDetailsRequest(search));
  const [editing, setEditing] = useState(request !== null);
  // Asked for once: the address loses the request, so a reload or Back shows the view again.
  useEffect(() => {
    if (editDetailsRequest(search) !== null) setSearch(withoutEditDetailsRequest(search), { replace: true });
  }, [search, setSearch]);
  const editButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  useEffect(() => {
    if (editing || !returnFocus.current) return;
    returnFocus.current = false;
    editButton.current?.focus();
  }, [editing]);
  const close = () => {
    // Opened again by the button, the form starts at its first field.
    setRequest(null);
    returnFocus.current = true;
    setEditing(false);
  };

  const none = t('account.notProvided');
  const rows: ProfileRow[] = [
    [t('account.name'), fullName(profile)],
    ...sharedProfileRows(t, profile),
    [
      t('account.address'),
      [profile.street_address, [profile.postal_code, profile.city].filter(Boolean).join(' ')]
        .filter(Boolean)
        .join(', '),
    ],
    [t('account.memberSince'), formatDate(profile.created_at)],
  ];

  return (
    <Panel title={t('account.personalInfo')} className="mt-6">
      {editing && editable ? (
        <MyDetailsForm
          profile={profile}
          submitLabel={t('account.saveDetails')}
          onSaved={close}
          onCancel={close}
          focusOnOpen
          focusField={request === true ? undefined : (request ?? undefined)}
          className="mt-4"
        />
      ) : (
        <>
          <dl className="mt-4 grid gap-4 sm:grid-cols-2">
            {rows.map(([label, value]) => (
              // min-w-0: a long value (an e-mail address, a street) wraps instead of widening the grid.
              <div key={label} className="min-w-0">
                <dt className="text-sm text-slate-600">{label}</dt>
                <dd className="font-medium text-slate-900 wrap-anywhere">{value || none}</dd>
              </div>
            ))}
          </dl>
          {editable && (
            <Button ref={editButton} variant="secondary" className="mt-4" onClick={() => setEditing(true)}>
              {t('account.editDetails')}
            </Button>
          )}
        </>
      )}
    </Panel>
  );
}
