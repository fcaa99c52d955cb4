import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { guideLanguage } from './guide-data';
import type { GuideHit } from './search';

type Search = (query: string) => GuideHit[];
type State =
  | { status: 'idle' }
  | { status: 'loading' | 'failed'; language: string }
  | { status: 'ready'; language: string; search: Search };

/**
 * The guide's search box. Its index and the search library download when the box is first
 * focused or typed in (not with the page), in the interface language.
 */
export function GuideSearch() {
  const { t, i18n } = useTranslation();
  const language = guideLanguage(i18n.language);
  const [query, setQuery] = useState('');
  const [state, setState] = useState<State>({ status: 'idle' });

  const prepare = () => {
    if (state.status !== 'idle' && state.status !== 'failed' && state.language === language) return;
    setState({ status: 'loading', language });
    import('./search')
      .then(({ loadGuideSearch }) => loadGuideSearch(language))
      .then(
        (search) => setState({ status: 'ready', language, search }),
        () => setState({ status: 'failed', language }),
      );
  };
  if (state.status === 'ready' && state.language !== language) prepare();

  const wanted = query.trim();
  const hits = wanted && state.status === 'ready' ? state.search(wanted) : [];
  return (
    <div className="mt-6">
      <search>
        <label htmlFor="guide-search" className="block font-medium text-slate-900">
          {t('guide.search.label')}
        </label>
        <input
          id="guide-search"
          type="search"
          value={query}
          autoComplete="off"
          aria-describedby="guide-search-hint"
          onFocus={prepare}
          onChange={(event) => {
            prepare();
            setQuery(event.target.value);
          }}
          className="mt-1 w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
        />
        <p id="guide-search-hint" className="mt-1 text-sm text-slate-600">
          {t('guide.search.hint')}
        </p>
      </search>
      <div aria-live="polite">
        {wanted && (
          <section aria-labelledby="guide-results-title" className="mt-6">
            <h2 id="guide-results-title" className="text-xl font-semibold text-slate-900">
              {t('guide.search.results')}
            </h2>
            {state.status === 'failed' ? (
              <p className="mt-2 text-red-800">{t('guide.search.failed')}</p>
            ) : state.status !== 'ready' ? (
              <p className="mt-2 text-slate-700">{t('guide.search.loading')}</p>
            ) : hits.length === 0 ? (
              <p className="mt-2 text-slate-700">{t('guide.search.none', { query: wanted })}</p>
            ) : (
              <ArticleList articles={hits} />
            )}
          </section>
        )}
      </div>
    </div>
  );
}

/** Articles as links with their summaries: the index's groups and the search's results. */
export function ArticleList({ articles }: { articles: readonly GuideHit[] }) {
  return (
    <ul className="mt-3 space-y-3">
      {articles.map((article) => (
        <li key={article.slug}>
          <Link
            to={`/guide/${article.slug}`}
            className="font-semibold text-brand-700 underline underline-offset-2"
          >
            {article.title}
          </Link>
          <p className="text-slate-700">{article.summary}</p>
        </li>
      ))}
    </ul>
  );
}
