import type { AdminUserDetail } from '@shared/api';
import { fullName } from '@shared/names';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '../../components/Button';
import { PageHeading } from '../../components/PageHeading';
import { Panel } from '../../components/Panel';
import { Tabs } from '../../components/Tabs';
import { UnreadBadge } from '../../components/UnreadBadge';
import { ApiError, serverMessage } from '../../lib/errors';
import { useFocusWhenGone } from '../../lib/focus';
import { formatLongDate } from '../../lib/format';
import { useOnError } from '../../lib/on-error';
import { ActivityTimeline } from './ActivityTimeline';
import { AdminLayout } from './AdminLayout';
import { useUser, useVerifyUser } from './api';
import { DeletionRequestCard } from './DeletionRequestCard';
import { DocumentsTab } from './DocumentsTab';
import { MessagesTab } from './MessagesTab';
import { PersonalInfoTab } from './PersonalInfoTab';
import { TasksTab } from './TasksTab';
import { VerificationCard } from './VerificationCard';
import { verifiedLine } from './verification';
import { WorkflowsTab } from './WorkflowsTab';

const isMissing = (error: Error | null) => error instanceof ApiError && error.status === 404;

const TABS = ['personal', 'tasks', 'workflows', 'documents', 'messages'] as const;
type UserTab = (typeof TABS)[number];

/** The tab a link opens (`?tab=workflows`, from the team's queue); the first when none or unknown. */
const tabIndex = (name: string | null) => Math.max(0, TABS.indexOf(name as UserTab));
/** Verified on {date} by {admin} (docs/product.md#admin-user-page), as much of it as is known. */
function VerifiedLine({ detail }: { detail: AdminUserDetail }) {
  const { t, i18n } = useTranslation();
  const line = verifiedLine(detail);
  if (!line) return null;
  const text =
    line.kind === 'plain'
      ? t('admin.user.verifiedPlain')
      : line.kind === 'on'
        ? t('admin.user.verifiedOn', { date: formatLongDate(line.at, i18n.language) })
        : t('admin.user.verifiedOnBy', { date: formatLongDate(line.at, i18n.language), admin: line.admin });
  return (
    <p className="mt-1 text-sm font-medium text-green-800 wrap-anywhere">
      <span aria-hidden="true">✓</span> {text}
    </p>
  );
}

export default function UserPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { userId = '' } = useParams();
  const user = useUser(userId);
  const verifyUser = useVerifyUser();
  const [params, setParams] = useSearchParams();
  const tab = tabIndex(params.get('tab'));
  // The tab is kept in the address (replaced, not pushed): a reload keeps it, Back leaves the page.
  const setTab = (index: number) =>
    setParams(index === 0 ? {} : { tab: TABS[index] ?? TABS[0] }, { replace: true });
  const heading = useRef<HTMLHeadingElement>(null);
  // Verifying removes the verification card, rejecting a deletion request its card, and the
  // focused button with them: the page then starts over at the customer's name.
  useFocusWhenGone(user.data?.profile.account_verified === false, heading);
  useFocusWhenGone(!!user.data?.deletion_request, heading);

  const missing = isMissing(user.error);
  useOnError(user, (error) => {
    if (isMissing(error)) return;
    toast.error(t('admin.user.loadFailed'));
    navigate('/admin');
  });

  const back = (
    <Button variant="ghost" className="-ml-2" onClick={() => navigate('/admin')}>
      <span aria-hidden="true">←</span> {t('admin.backToDashboard')}
    </Button>
  );
  const detail = user.data;
  if (missing || !detail) {
    return (
      <AdminLayout>
        {back}
        <p role="status" className="mt-8 text-center text-slate-600">
          {missing ? t('admin.user.notFound') : t('admin.user.loading')}
        </p>
      </AdminLayout>
    );
  }

  const { profile } = detail;
  const verify = async () => {
    try {
      await verifyUser.mutateAsync(profile.id);
      toast.success(t('admin.user.verified'));
    } catch (error) {
      toast.error(serverMessage(error, t('admin.user.verifyFailed')));
    }
  };

  return (
    <AdminLayout>
      {back}
      <PageHeading ref={heading} className="mt-4 text-3xl wrap-anywhere">
        {fullName(profile) || profile.email}
      </PageHeading>
      <p className="text-slate-600 wrap-anywhere">{profile.email}</p>
      <VerifiedLine detail={detail} />
      {profile.mail_blocked && (
        <Panel title={t('admin.user.mailBlockedTitle')} tone="warning" className="mt-6">
          <p className="mt-1 text-sm text-amber-950 wrap-anywhere">
            {t(`admin.user.mailBlocked_${profile.mail_blocked}`, { email: profile.email })}
          </p>
        </Panel>
      )}
      {detail.deletion_request && (
        <DeletionRequestCard userId={profile.id} request={detail.deletion_request} />
      )}
      {!profile.account_verified && (
        <div className="mt-6">
          <VerificationCard profile={profile} documents={detail.documents} onVerify={verify} />
        </div>
      )}
      <section className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <Tabs
          label={fullName(profile) || profile.email}
          items={TABS.map((id) => ({
            id,
            label:
              id === 'messages' ? (
                // The customer's messages no admin has read yet.
                <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
                  {t('admin.user.tabs.messages')}
                  <UnreadBadge count={profile.unread_by_team} />
                </span>
              ) : (
                t(`admin.user.tabs.${id}`)
              ),
          }))}
          selected={tab}
          onSelect={setTab}
          className="flex flex-wrap gap-2 border-b border-slate-200 pb-3"
          tabClassName={(active) =>
            `rounded-lg px-3 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-600 ${
              active ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100'
            }`
          }
        >
          <div className="pt-5">
            {TABS[tab] === 'personal' && (
              <PersonalInfoTab profile={profile} onDeleted={() => navigate('/admin')} />
            )}
            {TABS[tab] === 'tasks' && <TasksTab userId={profile.id} phases={detail.phases} />}
            {TABS[tab] === 'workflows' && <WorkflowsTab userId={profile.id} workflows={detail.workflows} />}
            {TABS[tab] === 'documents' && <DocumentsTab userId={profile.id} documents={detail.documents} />}
            {TABS[tab] === 'messages' && <MessagesTab profile={profile} workflows={detail.workflows} />}
          </div>
        </Tabs>
      </section>
      <ActivityTimeline profile={profile} documents={detail.documents} />
    </AdminLayout>
  );
}
