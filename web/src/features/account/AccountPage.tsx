import { NOTES_MAX } from '@shared/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { AppHeader } from '../../components/AppHeader';
import { Button } from '../../components/Button';
import { CompanySharing } from '../../components/CompanySharing';
import { Dialog } from '../../components/Dialog';
import { PageHeading } from '../../components/PageHeading';
import { Panel } from '../../components/Panel';
import { PendingInvitations } from '../../components/PendingInvitations';
import { PageLoading } from '../../components/Spinner';
import { TextArea } from '../../components/TextArea';
import { serverMessage } from '../../lib/errors';
import { backFromAccount } from '../../lib/home-path';
import { useMe } from '../../lib/me';
import { useOnError } from '../../lib/on-error';
import { useLogout } from '../../lib/session';
import { ActivityPanel } from './ActivityPanel';
import { useRequestDeletion, useWithdrawDeletion } from './api';
import { DataExportPanel } from './DataExportPanel';
import { PersonalInfoPanel } from './PersonalInfoPanel';
import { RemindersPanel } from './RemindersPanel';
import { SecurityPanel } from './SecurityPanel';
import { TwoStepPanel } from './TwoStepPanel';

export default function AccountPage() {
  const { t } = useTranslation(['translation', 'nationalities']);
  const navigate = useNavigate();
  const logout = useLogout();
  const me = useMe();
  const deletion = useRequestDeletion();
  const withdrawal = useWithdrawDeletion();
  const [dialog, setDialog] = useState(false);
  const [reason, setReason] = useState('');
  useOnError(me, (error) => toast.error(serverMessage(error, t('errors.loadProfile'))));

  if (!me.data) return <PageLoading />;
  const { profile } = me.data;
  const back = backFromAccount(me.data.role);

  const deleteAccount = async () => {
    try {
      const given = profile.account_verified ? reason.trim() : '';
      const result = await deletion.mutateAsync(given ? { reason: given } : {});
      toast.success(result.deleted ? t('account.deleted') : t('account.requested'));
      await logout();
    } catch (error) {
      toast.error(
        serverMessage(
          error,
          profile.account_verified ? t('account.requestFailed') : t('account.deleteFailed'),
        ),
      );
    }
  };
  // Stays disabled after success, while signing out.
  const busy = deletion.isPending || deletion.isSuccess;

  const withdraw = async () => {
    try {
      await withdrawal.mutateAsync();
      toast.success(t('account.withdrawn'));
    } catch (error) {
      toast.error(serverMessage(error, t('account.withdrawFailed')));
    }
  };

  return (
    <div className="min-h-screen bg-slate-50">
      <AppHeader profile={profile} customer={me.data.role === 'customer'} />
      <main className="mx-auto max-w-3xl px-4 py-8">
        <Button variant="ghost" className="-ml-2" onClick={() => navigate(back.to)}>
          <span aria-hidden="true">←</span> {t(back.label)}
        </Button>
        <PageHeading className="mt-4 text-3xl">{t('account.title')}</PageHeading>
        {me.data.role === 'customer' && <PendingInvitations className="mt-6" />}
        <PersonalInfoPanel
          profile={profile}
          editable={me.data.role === 'customer' && !profile.deletion_requested}
        />
        {me.data.role === 'customer' && (
          <div className="mt-6 empty:hidden">
            <CompanySharing />
          </div>
        )}
        {me.data.role === 'customer' && <RemindersPanel enabled={profile.reminders_enabled} />}
        <SecurityPanel />
        {me.data.role === 'customer' && <TwoStepPanel email={profile.email} />}
        <DataExportPanel />
        {/* What the team did to the account: a customer's (an admin's account is no case). */}
        {me.data.role === 'customer' && <ActivityPanel />}
        <Panel title={t('account.dangerZone')} tone="danger" className="mt-6">
          {profile.deletion_requested ? (
            <>
              <p className="mt-2 text-sm text-slate-700">{t('account.pending')}</p>
              <Button
                variant="secondary"
                className="mt-4"
                disabled={withdrawal.isPending}
                onClick={() => void withdraw()}
              >
                {withdrawal.isPending ? t('account.withdrawing') : t('account.withdrawButton')}
              </Button>
            </>
          ) : (
            <>
              <p className="mt-2 text-sm text-slate-700">
                {profile.account_verified ? t('account.deleteVerified') : t('account.deleteUnverified')}
              </p>
              <Button variant="danger" className="mt-4" onClick={() => setDialog(true)}>
                {t('account.deleteButton')}
              </Button>
            </>
          )}
        </Panel>
      </main>
      <Dialog open={dialog} title={t('account.deleteTitle')} onClose={() => setDialog(false)}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void deleteAccount();
          }}
          className="flex flex-col gap-4"
        >
          <p className="text-sm text-slate-700">
            {profile.account_verified ? t('account.deleteVerified') : t('account.deleteUnverified')}
          </p>
          {/* An unverified account goes at once: there is nobody to read a reason. */}
          {profile.account_verified && (
            <TextArea
              label={t('account.reason')}
              maxLength={NOTES_MAX}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          )}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setDialog(false)}>
              {t('tasks.cancel')}
            </Button>
            <Button type="submit" variant="danger" disabled={busy}>
              {profile.account_verified ? t('account.confirmRequest') : t('account.confirmDelete')}
            </Button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}
