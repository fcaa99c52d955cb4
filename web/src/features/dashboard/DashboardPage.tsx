import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { JourneyResponse, JourneyTask, Profile, RuntimeConfig, Workflow } from '../../../../shared/api';
import { AppHeader } from '../../components/AppHeader';
import { Button } from '../../components/Button';
import { PageLoading } from '../../components/Spinner';
import { getMe } from '../../lib/api';
import { loadConfig } from '../../lib/config';
import { serverMessage } from '../../lib/errors';
import { completeTask, getJourney, listWorkflows, requestService } from './api';
import { JourneyCard } from './JourneyCard';
import { ActiveServices, HelpCard } from './SidePanels';

interface Data {
  profile: Profile;
  journey: JourneyResponse;
  workflows: Workflow[];
  config: RuntimeConfig;
}

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
  const { t, i18n } = useTranslation();
  const [data, setData] = useState<Data | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    try {
      const [me, journey, workflows, config] = await Promise.all([
        getMe(),
        getJourney(),
        listWorkflows(),
        loadConfig(),
      ]);
      setData({ profile: me.profile, journey, workflows, config });
      setFailed(false);
    } catch (error) {
      toast.error(serverMessage(error, t('dashboard.loadFailed')));
      setFailed(true);
    }
  }, [t]);

  // Reload on language change: phase and task texts come from the server in that language.
  // biome-ignore lint/correctness/useExhaustiveDependencies: i18n.language is the trigger
  useEffect(() => {
    void load();
  }, [load, i18n.language]);

  const onComplete = async (task: JourneyTask, notes: string) => {
    try {
      await completeTask(task.id, notes);
      toast.success(t('tasks.completed'));
      await load();
      return true;
    } catch (error) {
      toast.error(serverMessage(error, t('tasks.completeFailed')));
      return false;
    }
  };

  const onRequest = async (task: JourneyTask) => {
    try {
      await requestService(task.id);
      toast.success(t('tasks.requested'));
      await load();
    } catch (error) {
      toast.error(serverMessage(error, t('tasks.requestFailed')));
    }
  };

  if (!data) {
    if (!failed) return <PageLoading />;
    return (
      <div className="flex min-h-[50vh] flex-col items-center justify-center gap-4">
        <p className="text-slate-700">{t('dashboard.loadFailed')}</p>
        <Button onClick={() => void load()}>{t('dashboard.retry')}</Button>
      </div>
    );
  }

  const { profile, journey, workflows, config } = data;
  return (
    <div className="min-h-screen bg-slate-50">
      <AppHeader profile={profile} />
      <main className="mx-auto max-w-6xl px-4 py-8">
        <h1 className="text-3xl font-bold text-slate-900">{t('dashboard.title')}</h1>
        <p className="mt-1 text-slate-600">
          {profile.first_name
            ? t('dashboard.welcome', { name: profile.first_name })
            : t('dashboard.welcomeAnonymous')}
        </p>
        <div className="mt-6 space-y-3">
          {!profile.account_verified && (
            <Banner tone="amber" title={t('dashboard.reviewTitle')} body={t('dashboard.reviewBody')} />
          )}
          {profile.deletion_requested && (
            <Banner tone="red" title={t('dashboard.deletionTitle')} body={t('dashboard.deletionBody')} />
          )}
        </div>
        <div className="mt-6 grid gap-6 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <JourneyCard
              phases={journey.phases}
              profile={profile}
              onComplete={onComplete}
              onRequest={onRequest}
            />
          </div>
          <div className="space-y-6">
            <ActiveServices workflows={workflows} />
            <HelpCard support={config.support} />
          </div>
        </div>
      </main>
    </div>
  );
}
