import type { JourneyTask } from '@shared/api';
import { httpsHref } from '@shared/markdown';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatCalendarDate } from '../lib/format';
import { ExternalLink } from './ExternalLink';
import { Markdown } from './Markdown';

/** A source's site as people know it: its host name without "www.". */
export function sourceHost(url: string): string {
  return new URL(url).hostname.replace(/^www\./, '');
}

/** The day a source was checked: "25 Nov 2026" in English, "25.11.2026" in German. */
export function checkedDate(date: string, language: string): string {
  if (language.startsWith('de')) return formatCalendarDate(date);
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

/**
 * What the plan knows about a task (docs/product.md#the-plan): its info text, the note for the
 * customer's city, the law that sets its deadline, and the official pages it was checked against.
 * With `guideSlug` (the customer's own plan), **Read the guide** links the guide's article on it.
 */
export function TaskFacts({ task, guideSlug }: { task: JourneyTask; guideSlug?: string | null }) {
  const { t, i18n } = useTranslation();
  const sources = task.sources.filter((source) => httpsHref(source.url));
  return (
    <div className="mt-1 space-y-2">
      <Markdown text={task.info_text} />
      {guideSlug && (
        <p>
          <Link
            to={`/guide/${guideSlug}`}
            className="font-medium text-brand-700 underline underline-offset-2"
          >
            {t('tasks.facts.readTheGuide')}
          </Link>
        </p>
      )}
      {task.city_note && task.city_note_city && (
        <div className="rounded-md bg-slate-50 px-2 py-1">
          <p className="font-medium text-slate-800">{t(`tasks.facts.cityNote.${task.city_note_city}`)}</p>
          <Markdown text={task.city_note} />
        </div>
      )}
      {task.legal_basis && <p>{t('tasks.facts.legalBasis', { basis: task.legal_basis })}</p>}
      {sources.length > 0 && (
        <div>
          <p className="font-medium text-slate-800">{t('tasks.facts.sources')}</p>
          <ul className="space-y-1">
            {sources.map((source) => (
              <li key={source.url}>
                <ExternalLink href={source.url}>{sourceHost(source.url)}</ExternalLink> ·{' '}
                {t('tasks.facts.checked', { date: checkedDate(source.checked, i18n.language) })}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
