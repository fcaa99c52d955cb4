import { homePathFor } from '@shared/roles';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { toast } from 'sonner';
import { ActivityFirstPage, ActivityMore, activityHasMore } from '../../components/ActivityPaging';
import { Button } from '../../components/Button';
import { CustomerPageFrame } from '../../components/CustomerPageFrame';
import { PageHeading } from '../../components/PageHeading';
import { PageLoading } from '../../components/Spinner';
import { serverMessage } from '../../lib/errors';
import { useLoadMore } from '../../lib/load-more';
import { useMe } from '../../lib/me';
import { useOnError } from '../../lib/on-error';
import { AnswerCard } from './AnswerCard';
import { AskForm } from './AskForm';
import { useCompanionHistory } from './api';
import { answersOf } from './history';

const EXAMPLES = ['companion.example1', 'companion.example2', 'companion.example3'] as const;

/** No question asked yet: what the companion does, and questions to start with (they fill the box). */
function FirstQuestion({ onExample }: { onExample: (question: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {t('companion.emptyTitle')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('companion.emptyBody')}</p>
      <ul className="mt-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {EXAMPLES.map((key) => (
          <li key={key}>
            <Button
              variant="secondary"
              className="w-full text-left sm:w-auto"
              onClick={() => onExample(t(key))}
            >
              {t(key)}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The questions asked so far with their answers, newest first, page by page. */
function History({ onExample }: { onExample: (question: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const history = useCompanionHistory();
  const answers = answersOf(history.data);
  const showMore = activityHasMore(history);
  const { itemRef, loadMore } = useLoadMore<HTMLElement>(answers.length, showMore, history.fetchNextPage);

  if (history.data && answers.length === 0) return <FirstQuestion onExample={onExample} />;
  return (
    <section aria-labelledby={id} aria-busy={history.isFetching}>
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {t('companion.historyTitle')}
      </h2>
      <ActivityFirstPage query={history} className="mt-3" texts="companion" />
      {answers.length > 0 && (
        <ol className="mt-3 space-y-4">
          {answers.map((answer, index) => (
            <li key={answer.id}>
              <AnswerCard answer={answer} itemRef={itemRef(index)} />
            </li>
          ))}
        </ol>
      )}
      <ActivityMore query={history} onLoadMore={loadMore} texts="companion" />
    </section>
  );
}

/**
 * /companion (docs/product.md#companion): a signed-in, onboarded customer asks about their move
 * and reads the answers from the guide, with their sources; each can go on to the team.
 */
export default function CompanionPage() {
  const { t } = useTranslation();
  const me = useMe();
  useOnError(me, (error) => toast.error(serverMessage(error, t('errors.loadProfile'))));
  const [question, setQuestion] = useState('');
  const area = useRef<HTMLTextAreaElement>(null);

  // The dashboard's rule: onboarding first, and the companion is a customer's.
  if (!me.data) return <PageLoading />;
  const home = homePathFor({ role: me.data.role, onboardingCompleted: me.data.profile.onboarding_completed });
  if (home !== '/dashboard') return <Navigate to={home} replace />;

  const onExample = (example: string) => {
    setQuestion(example);
    area.current?.focus();
  };
  return (
    <CustomerPageFrame profile={me.data.profile}>
      <PageHeading className="mt-4 text-3xl">{t('companion.title')}</PageHeading>
      <p className="mt-1 text-slate-600">{t('companion.intro')}</p>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <AskForm question={question} onQuestion={setQuestion} area={area} />
      </div>
      <div className="mt-8">
        <History onExample={onExample} />
      </div>
    </CustomerPageFrame>
  );
}
