import type { GuideSlug } from '@shared/guide-contents';
import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ExternalLink } from '../../components/ExternalLink';
import { MarkdownBlocks } from '../../components/Markdown';
import { PageHeading } from '../../components/PageHeading';
import { PublicPage } from '../../components/PublicPage';
import { checkedDate } from '../../components/TaskFacts';
import { guideLanguage, guidePage } from './guide-data';

/** /guide/<slug>: an article in the interface language, its official sources and plan tasks. */
export default function GuideArticlePage({ slug }: { slug: GuideSlug }) {
  const { t, i18n } = useTranslation();
  const page = use(guidePage(guideLanguage(i18n.language), slug));
  const date = (day: string) => checkedDate(day, page.language);
  return (
    <PublicPage>
      <nav aria-label={t('guide.title')} className="mt-2">
        <Link to="/guide" className="text-brand-700 underline underline-offset-2">
          <span aria-hidden="true">← </span>
          {t('guide.back')}
        </Link>
      </nav>
      <article className="mt-4">
        <PageHeading className="text-3xl">{page.title}</PageHeading>
        <p className="mt-3 text-lg text-slate-700">{page.summary}</p>
        <p className="mt-1 text-sm text-slate-600">{t('guide.updated', { date: date(page.updated) })}</p>
        <MarkdownBlocks blocks={page.blocks} className="mt-6 text-slate-800" />
        <section aria-labelledby="guide-sources" className="mt-10">
          <h2 id="guide-sources" className="text-lg font-semibold text-slate-900">
            {t('guide.sources')}
          </h2>
          <ul className="mt-2 space-y-2">
            {page.sources.map((source) => (
              <li key={source.url}>
                <ExternalLink href={source.url}>{source.title}</ExternalLink>
                <span className="block text-sm text-slate-600">
                  {t('guide.lastChecked')} {date(source.checked)}
                </span>
              </li>
            ))}
          </ul>
        </section>
        {page.tasks.length > 0 && (
          <section aria-labelledby="guide-tasks" className="mt-8">
            <h2 id="guide-tasks" className="text-lg font-semibold text-slate-900">
              {t('guide.tasks')}
            </h2>
            <p className="mt-2 text-slate-700">{t('guide.tasksIntro')}</p>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {page.tasks.map((task) => (
                <li key={task.id}>{task.name}</li>
              ))}
            </ul>
          </section>
        )}
        <p className="mt-8 text-sm text-slate-600">{t('guide.notAdvice')}</p>
      </article>
    </PublicPage>
  );
}
