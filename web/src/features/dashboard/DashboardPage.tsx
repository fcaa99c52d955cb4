import type { JourneyTask } from '@shared/api';
import { homePathFor } from '@shared/roles';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router-dom';
import { toast } from 'sonner';
import { AppHeader } from '../../components/AppHeader';
import { Button, buttonClass } from '../../components/Button';
import { PageHeading } from '../../components/PageHeading';
import { PendingInvitations } from '../../components/PendingInvitations';
import { PageLoading } from '../../components/Spinner';
import { useRuntimeConfig } from '../../lib/config';
import { serverMessage } from '../../lib/errors';
import { useMe } from '../../lib/me';
import { useOnError } from '../../lib/on-error';
import { useCompleteTask, useJourney, useRequestService, useWorkflows } from './api';
import { CompanionCard } from './CompanionCard';
import { ExpiringSoonCard } from './ExpiringSoonCard';
import { JourneyCard, type JourneyCardHandle } from './JourneyCard';
import { MessagesCard } from './MessagesCard';
import { NextUpCard } from './NextUpCard';
import { ActiveServices, HelpCard } from './SidePanels';
import type { RequestService } from './TaskRow';

function Banner({ tone, title, body }: { tone: 'amber' | 'red'; title: string; body: string }) {
  const styles =
    tone === 'amber'
      ? 'border-amber-300 bg-amber-50 text-amber-950'
      : 'border-red-300 bg-red-50 text-red-950';
  return (
    <section role="status" className={`rounded-xl border p-4 ${styles}`}>
      <h2 className="font-semibold">{title}</h2>
      <p className="mt-1 text-sm">{body}</p>
    </section>
  );
}

export default function DashboardPage() {
  const { t } = useTranslation();
  const me = useMe();
  const journey = useJourney();
  const workflows = useWorkflows();
  const config = useRuntimeConfig();
  const completeTask = useCompleteTask();
  const requestService = useRequestService();
  const journeyCard = useRef<JourneyCardHandle>(null);

  // The page needs all four: a failure of any is one message, and the retry reloads what failed.
  const loads = [me, journey, workflows, config];
  const failed = loads.some((load) => load.isError);
  useOnError(loads, (error) => toast.error(serverMessage(error, t('dashboard.loadFailed'))));
  const retry = () => {
    for (const load of loads) if (load.isError) void load.refetch();
  };

  const onComplete = async (task: JourneyTask, notes: string) => {
    try {
      await completeTask.mutateAsync({ taskId: task.id, notes });
      toast.success(t('tasks.completed'));
      return true;
    } catch (error) {
      toast.error(serverMessage(error, t('tasks.completeFailed')));
      return false;
    }
  };

  const onRequest: RequestService = async (task, answers) => {
    try {
      await requestService.mutateAsync({ taskId: task.id, answers });
      toast.success(t('tasks.requested'));
      return true;
    } catch (error) {
      toast.error(serverMessage(error, t('tasks.requestFailed')));
      return false;
    }
  };

  // Onboarding comes first: a customer who has not finished it has nothing under review yet.
  if (me.data) {
    const home = homePathFor({
      role: me.data.role,
      onboardingCompleted: me.data.profile.onboarding_completed,
    });
    if (home !== '/dashboard') return <Navigate to={home} replace />;
  }
  if (!me.data || !journey.data || !workflows.data || !config.data) {
    if (!failed) return <PageLoading />;
    return (
      <div className="flex min-h-[50vh] flex-col items-center justify-center gap-4">
        <p className="text-slate-700">{t('dashboard.loadFailed')}</p>
        <Button onClick={retry}>{t('dashboard.retry')}</Button>
      </div>
    );
  }

  const { profile } = me.data;
  return (
    <div className="min-h-screen bg-slate-50">
      <AppHeader profile={profile} />
      <main className="mx-auto max-w-6xl px-4 py-8">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <PageHeading className="text-3xl">{t('dashboard.title')}</PageHeading>
            <p className="mt-1 text-slate-600">
              {profile.first_name
                ? t('dashboard.welcome', { name: profile.first_name })
                : t('dashboard.welcomeAnonymous')}
            </p>
          </div>
          <Link to="/documents" className={buttonClass('secondary')}>
            {t('myDocuments.title')}
          </Link>
        </div>
        <div className="mt-6 space-y-3">
          {!profile.account_verified && (
            <Banner tone="amber" title={t('dashboard.reviewTitle')} body={t('dashboard.reviewBody')} />
          )}
          {profile.deletion_requested && (
            <Banner tone="red" title={t('dashboard.deletionTitle')} body={t('dashboard.deletionBody')} />
          )}
          <PendingInvitations />
        </div>
        <div className="mt-6 grid gap-6 lg:grid-cols-3">
          <div className="space-y-6 lg:col-span-2">
            <ExpiringSoonCard />
            <NextUpCard
              phases={journey.data.phases}
              onShow={({ phase, task }) => journeyCard.current?.showTask(phase, task)}
            />
            <JourneyCard
              ref={journeyCard}
              phases={journey.data.phases}
              profile={profile}
              requests={workflows.data}
              onComplete={onComplete}
              onRequest={onRequest}
            />
          </div>
          <div className="space-y-6">
            <MessagesCard />
            <CompanionCard />
            <ActiveServices workflows={workflows.data} />
            <HelpCard support={config.data.support} />
          </div>
        </div>
      </main>
    </div>
  );
}
