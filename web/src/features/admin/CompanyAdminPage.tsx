import { zodResolver } from '@hookform/resolvers/zod';
import type { CompanyDetail, HrUser } from '@shared/api';
import { LANGUAGES } from '@shared/constants';
import {
  type CompanyDeletion,
  companyDeletionSchema,
  type HrInvitationInput,
  hrInvitationSchema,
} from '@shared/schemas/company';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { EmployeeList } from '../../components/EmployeeList';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeading } from '../../components/PageHeading';
import { Panel } from '../../components/Panel';
import { ResponsiveList } from '../../components/ResponsiveList';
import { SelectField } from '../../components/SelectField';
import { PageLoading } from '../../components/Spinner';
import { TextField } from '../../components/TextField';
import { useDebouncedValue } from '../../lib/debounce';
import { useDialogForm } from '../../lib/dialog-form';
import { EMPLOYEE_SEARCH_DEBOUNCE_MS, mergeEmployeePages } from '../../lib/employees';
import { ApiError, serverMessage } from '../../lib/errors';
import { formatLongDate } from '../../lib/format';
import { AdminLayout, COMPANIES_PATH } from './AdminLayout';
import {
  useCompanyDetail,
  useCompanyEmployees,
  useDeleteCompany,
  useInviteHr,
  useResendHrInvitation,
  useRevokeHr,
} from './api';

/** **Invite HR user**: the address and the language of the invitation mail. */
function InviteHrDialog({
  companyId,
  open,
  onClose,
}: {
  companyId: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const invite = useInviteHr();
  const { form, close, onSubmit } = useDialogForm<HrInvitationInput>({
    resolver: zodResolver(hrInvitationSchema),
    defaultValues: { email: '', language: i18n.language as HrInvitationInput['language'] },
    onClose,
    save: async (input) => {
      await invite.mutateAsync({ companyId, input });
      toast.success(t('admin.companies.inviteSent', { email: input.email }));
    },
    failed: t('admin.companies.inviteFailed'),
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <Dialog open={open} title={t('admin.companies.inviteHr')} onClose={close}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <TextField
          label={t('admin.companies.email')}
          type="email"
          autoComplete="off"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <SelectField
          label={t('admin.companies.language')}
          placeholder={t('admin.companies.chooseLanguage')}
          error={errors.language?.message}
          options={LANGUAGES.map((language) => ({ value: language, label: t(`language.${language}Label`) }))}
          {...form.register('language')}
        />
        <div className="mt-2 flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={close}>
            {t('admin.companies.cancel')}
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {t('admin.companies.send')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Delete company, its name typed again; 202: the deletion has started. */
function DeleteCompanyDialog({
  detail,
  open,
  onClose,
}: {
  detail: CompanyDetail;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteCompany();
  const company = detail.company.name;
  const { form, close, onSubmit } = useDialogForm<CompanyDeletion>({
    resolver: zodResolver(companyDeletionSchema),
    defaultValues: { confirmation_name: '' },
    onClose,
    save: async (input) => {
      await remove.mutateAsync({ companyId: detail.company.id, input });
      toast.success(t('admin.companies.deleteStarted', { company }));
    },
    failed: t('admin.companies.deleteFailed'),
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <Dialog open={open} title={t('admin.companies.deleteTitle', { company })} onClose={close}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <p className="text-slate-800">{t('admin.companies.deleteHint')}</p>
        <TextField
          label={t('admin.companies.confirmName')}
          autoComplete="off"
          error={errors.confirmation_name?.message}
          {...form.register('confirmation_name')}
        />
        <div className="mt-2 flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={close}>
            {t('admin.companies.cancel')}
          </Button>
          <Button type="submit" variant="danger" disabled={isSubmitting}>
            {t('admin.companies.delete')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The company's HR users, each with Revoke behind a confirmation. */
function HrUsers({ detail }: { detail: CompanyDetail }) {
  const { t, i18n } = useTranslation();
  const revoke = useRevokeHr();
  const [revoking, setRevoking] = useState<HrUser | null>(null);
  const company = detail.company.name;
  const onRevoke = async (user: HrUser) => {
    try {
      await revoke.mutateAsync({ companyId: detail.company.id, userId: user.user_id });
      toast.success(t('admin.companies.revoked', { email: user.email }));
      setRevoking(null);
    } catch (error) {
      toast.error(serverMessage(error, t('admin.companies.revokeFailed')));
    }
  };
  return (
    <Panel title={t('admin.companies.hrUsers')} className="mt-6">
      <ResponsiveList
        className="mt-3"
        items={detail.hr_users}
        itemKey={(user) => user.user_id}
        empty={t('admin.companies.hrEmpty')}
        heading={{ label: t('admin.companies.email'), level: 3, cell: (user) => user.email }}
        columns={[
          {
            label: t('admin.companies.addedAt'),
            cell: (user) => formatLongDate(user.added_at, i18n.language),
          },
        ]}
        actions={{
          label: t('admin.companies.actions'),
          render: (user, _index, place) => (
            <Button
              variant="secondary"
              aria-describedby={place.describedBy}
              onClick={() => setRevoking(user)}
            >
              {t('admin.companies.revoke')}
            </Button>
          ),
        }}
      />
      <Dialog
        open={revoking !== null}
        title={t('admin.companies.revokeTitle')}
        onClose={() => setRevoking(null)}
      >
        <p className="text-slate-800">
          {t('admin.companies.revokeConfirm', { email: revoking?.email, company })}
        </p>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={() => setRevoking(null)}>
            {t('admin.companies.cancel')}
          </Button>
          <Button
            variant="danger"
            disabled={revoke.isPending}
            onClick={() => revoking && void onRevoke(revoking)}
          >
            {t('admin.companies.revoke')}
          </Button>
        </div>
      </Dialog>
    </Panel>
  );
}

/** The company's open HR invitations: when sent and until when, an expired one flagged; Resend. */
function HrInvitations({ detail }: { detail: CompanyDetail }) {
  const { t, i18n } = useTranslation();
  const resend = useResendHrInvitation();
  const onResend = async (inviteId: string, email: string) => {
    try {
      await resend.mutateAsync({ companyId: detail.company.id, inviteId });
      toast.success(t('admin.companies.resent', { email }));
    } catch (error) {
      toast.error(serverMessage(error, t('admin.companies.resendFailed')));
    }
  };
  return (
    <Panel title={t('admin.companies.invitations')} className="mt-6">
      <ResponsiveList
        className="mt-3"
        items={detail.hr_invitations}
        itemKey={(invitation) => invitation.id}
        empty={t('admin.companies.invitationsEmpty')}
        heading={{ label: t('admin.companies.email'), level: 3, cell: (invitation) => invitation.email }}
        columns={[
          {
            label: t('admin.companies.invitedAt'),
            cell: (invitation) => formatLongDate(invitation.invited_at, i18n.language),
          },
          {
            label: t('admin.companies.expiresAt'),
            cell: (invitation) =>
              invitation.expired ? (
                <span className="font-semibold text-red-700">{t('admin.companies.expired')}</span>
              ) : (
                formatLongDate(invitation.expires_at, i18n.language)
              ),
          },
        ]}
        actions={{
          label: t('admin.companies.actions'),
          render: (invitation, _index, place) => (
            <Button
              variant="secondary"
              aria-describedby={place.describedBy}
              disabled={resend.isPending}
              onClick={() => void onResend(invitation.id, invitation.email)}
            >
              {t('admin.companies.resend')}
            </Button>
          ),
        }}
      />
    </Panel>
  );
}

/** The company's employee rows, as its HR users see the list (search, Load more). */
function CompanyEmployees({ companyId }: { companyId: string }) {
  const [search, setSearch] = useState('');
  const searched = useDebouncedValue(search.trim(), EMPLOYEE_SEARCH_DEBOUNCE_MS);
  const employees = useCompanyEmployees(companyId, 'all', searched);
  return (
    <EmployeeList
      rows={mergeEmployeePages(employees.data?.pages ?? [])}
      query={employees}
      search={search}
      onSearch={setSearch}
    />
  );
}

/** /admin/companies/:companyId: a company's HR users and invitations, its employees, its deletion. */
export default function CompanyAdminPage() {
  const { t } = useTranslation();
  const { companyId = '' } = useParams();
  const detail = useCompanyDetail(companyId);
  const [dialog, setDialog] = useState<'invite' | 'delete' | null>(null);
  const back = (
    <Link to={COMPANIES_PATH} className="text-sm font-semibold text-brand-700 underline">
      <span aria-hidden="true">←</span> {t('admin.companies.back')}
    </Link>
  );
  if (detail.isPending) return <PageLoading />;
  if (detail.isError) {
    const missing = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <AdminLayout>
        {back}
        <LoadFailed
          className="mt-6"
          message={missing ? t('admin.companies.notFound') : t('admin.companies.loadFailed')}
          retry={
            missing
              ? undefined
              : { label: t('admin.companies.retry'), onRetry: detail.refetch, busy: detail.isFetching }
          }
        />
      </AdminLayout>
    );
  }
  const { company } = detail.data;
  return (
    <AdminLayout>
      {back}
      <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <div>
          <PageHeading className="text-3xl wrap-anywhere">{company.name}</PageHeading>
          <p className="mt-1 text-slate-600 wrap-anywhere">{company.contact_email}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setDialog('invite')}>{t('admin.companies.inviteHr')}</Button>
          <Button variant="danger" onClick={() => setDialog('delete')}>
            {t('admin.companies.delete')}
          </Button>
        </div>
      </div>
      <HrUsers detail={detail.data} />
      <HrInvitations detail={detail.data} />
      <CompanyEmployees companyId={company.id} />
      <InviteHrDialog companyId={company.id} open={dialog === 'invite'} onClose={() => setDialog(null)} />
      <DeleteCompanyDialog detail={detail.data} open={dialog === 'delete'} onClose={() => setDialog(null)} />
    </AdminLayout>
  );
}
