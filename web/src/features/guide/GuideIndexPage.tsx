import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/PageHeading';
import { PublicPage } from '../../components/PublicPage';
import { ArticleList, GuideSearch } from './GuideSearch';
import { guideIndex, guideLanguage } from './guide-data';

/** /guide: every article of the interface language by group, and the search box. */
export default function GuideIndexPage() {
  const { t, i18n } = useTranslation();
  const groups = use(guideIndex(guideLanguage(i18n.language)));
  return (
    <PublicPage>
      <PageHeading className="mt-4 text-3xl">{t('guide.title')}</PageHeading>
      <p className="mt-3 text-lg text-slate-700">{t('guide.intro')}</p>
      <GuideSearch />
      {groups.map(({ group, articles }) => (
        <section key={group} aria-labelledby={`guide-${group}`} className="mt-10">
          <h2 id={`guide-${group}`} className="text-xl font-semibold text-slate-900">
            {t(`guide.groups.${group}`)}
          </h2>
          <ArticleList articles={articles} />
        </section>
      ))}
    </PublicPage>
  );
}
