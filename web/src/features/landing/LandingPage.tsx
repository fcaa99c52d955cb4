import { COMPANY } from '@shared/company';
import { landingText, PRESS, TEAM } from '@shared/landing-content';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../components/Button';
import { LandingHeader } from './LandingHeader';
import { Testimonials } from './Testimonials';

const COMPANION = ['chat', 'registration', 'licensed'] as const;
const FREE = ['guide', 'health', 'sim', 'bank', 'liability', 'contracts'] as const;
const STEPS = ['step1', 'step2', 'step3', 'step4'] as const;
const PROFESSIONALS = ['before', 'arrival', 'ongoing'] as const;
const COMPANIES = ['platform', 'progress', 'compliance'] as const;
const PREMIUM = ['visa', 'housing', 'tax', 'moving', 'family', 'license', 'recognition', 'pension'] as const;
/** The cards that lead on to a page of their own: the guide, and the companion (signed in). */
const CARD_LINKS: Partial<Record<string, string>> = { guide: '/guide', chat: '/companion' };

function Section({
  id,
  title,
  intro,
  tone = 'white',
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  tone?: 'white' | 'slate';
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={`scroll-mt-20 py-16 sm:py-20 ${tone === 'slate' ? 'bg-slate-50' : 'bg-white'}`}
    >
      <div className="mx-auto max-w-6xl px-4">
        <h2 id={`${id}-title`} className="text-3xl font-bold tracking-tight text-slate-900">
          {title}
        </h2>
        {intro && <p className="mt-3 max-w-2xl text-lg text-slate-700">{intro}</p>}
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}

function Card({ title, body, link }: { title: string; body: string; link?: { to: string; text: string } }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
      <p className="mt-2 text-slate-700">{body}</p>
      {link && (
        <p className="mt-4">
          <Link to={link.to} className="font-semibold text-brand-700 underline underline-offset-2">
            {link.text}
          </Link>
        </p>
      )}
    </div>
  );
}

/**
 * The prerendered page carries the year it was built in; the client hydrates with the same
 * year (no mismatch) and then moves to this year, so a New Year never needs a rebuild.
 */
function useCopyrightYear(): number {
  const [year, setYear] = useState(() => Number(import.meta.env.VITE_BUILD_YEAR) || new Date().getFullYear());
  useEffect(() => setYear(new Date().getFullYear()), []);
  return year;
}

export default function LandingPage() {
  const { t, i18n } = useTranslation();
  const cardLink = (section: string, key: string) => {
    const to = CARD_LINKS[key];
    return to ? { to, text: t(`landing.${section}.${key}.link`) } : undefined;
  };
  const copyrightYear = useCopyrightYear();
  const signUp = (label: string) => (
    <Link to="/signup" className={buttonClass('primary', 'mt-10 px-6 py-3 text-base')}>
      {label}
    </Link>
  );
  return (
    <div id="top" className="min-h-screen bg-white">
      <LandingHeader />
      <main>
        <section className="bg-gradient-to-b from-brand-50 to-white" aria-labelledby="hero-title">
          <div className="mx-auto max-w-6xl px-4 py-20 sm:py-28">
            <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
              {t('landing.hero.eyebrow')}
            </p>
            <h1
              id="hero-title"
              className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-6xl"
            >
              {t('landing.hero.title')}
            </h1>
            <p className="mt-6 max-w-2xl text-lg text-slate-700">{t('landing.hero.body')}</p>
            <div className="mt-8 flex flex-wrap items-center gap-4">
              <Link to="/signup" className={buttonClass('primary', 'px-6 py-3 text-base')}>
                {t('landing.hero.cta')}
              </Link>
              <span className="text-sm text-slate-600">{t('landing.hero.note')}</span>
            </div>
          </div>
        </section>

        <section aria-labelledby="press-title" className="border-y border-slate-100 py-10">
          <div className="mx-auto max-w-6xl px-4">
            <h2
              id="press-title"
              className="text-center text-sm font-semibold uppercase tracking-wide text-slate-600"
            >
              {t('landing.press.title')}
            </h2>
            <ul className="mt-6 grid grid-cols-2 items-center gap-6 sm:grid-cols-4">
              {PRESS.map((logo) => (
                <li key={logo.id} className="flex justify-center">
                  <img src={logo.image} alt={logo.name} width={180} height={40} loading="lazy" />
                </li>
              ))}
            </ul>
          </div>
        </section>

        <Section id="companion" title={t('landing.companion.title')} intro={t('landing.companion.intro')}>
          <div className="grid gap-6 md:grid-cols-3">
            {COMPANION.map((k) => (
              <Card
                key={k}
                title={t(`landing.companion.${k}.title`)}
                body={t(`landing.companion.${k}.body`)}
                link={cardLink('companion', k)}
              />
            ))}
          </div>
        </Section>

        <Section id="free-offer" tone="slate" title={t('landing.free.title')} intro={t('landing.free.intro')}>
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {FREE.map((k) => (
              <Card
                key={k}
                title={t(`landing.free.${k}.title`)}
                body={t(`landing.free.${k}.body`)}
                link={cardLink('free', k)}
              />
            ))}
          </div>
        </Section>

        <Section id="how-it-works" title={t('landing.how.title')}>
          <ol className="grid gap-6 md:grid-cols-4">
            {STEPS.map((k, i) => (
              <li key={k} className="rounded-2xl border border-slate-200 p-6">
                <span className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-600 font-bold text-white">
                  {i + 1}
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{t(`landing.how.${k}.title`)}</h3>
                <p className="mt-2 text-slate-700">{t(`landing.how.${k}.body`)}</p>
              </li>
            ))}
          </ol>
        </Section>

        <Section
          id="for-professionals"
          tone="slate"
          title={t('landing.professionals.title')}
          intro={t('landing.professionals.intro')}
        >
          <div className="grid gap-6 md:grid-cols-3">
            {PROFESSIONALS.map((k) => (
              <Card
                key={k}
                title={t(`landing.professionals.${k}.title`)}
                body={t(`landing.professionals.${k}.body`)}
              />
            ))}
          </div>
          {signUp(t('landing.professionals.cta'))}
        </Section>

        <Section id="for-companies" title={t('landing.companies.title')} intro={t('landing.companies.intro')}>
          <div className="grid gap-6 md:grid-cols-3">
            {COMPANIES.map((k) => (
              <Card
                key={k}
                title={t(`landing.companies.${k}.title`)}
                body={t(`landing.companies.${k}.body`)}
              />
            ))}
          </div>
          <p className="mt-8 text-lg text-slate-800">
            <a href={`mailto:${COMPANY.companiesEmail}`} className="font-semibold text-brand-700 underline">
              {t('landing.companies.contact', { email: COMPANY.companiesEmail })}
            </a>
          </p>
        </Section>

        <Section
          id="premium"
          tone="slate"
          title={t('landing.premium.title')}
          intro={t('landing.premium.intro')}
        >
          <ul className="grid gap-3 sm:grid-cols-2">
            {PREMIUM.map((k) => (
              <li key={k} className="flex items-start gap-3 rounded-xl bg-white p-4 shadow-sm">
                <span aria-hidden="true" className="text-brand-700">
                  ✓
                </span>
                <span className="text-slate-800">{t(`landing.premium.${k}`)}</span>
              </li>
            ))}
          </ul>
          {signUp(t('landing.premium.cta'))}
        </Section>

        <Section id="testimonials" title={t('landing.testimonials.title')}>
          <Testimonials />
        </Section>

        <Section id="about-us" tone="slate" title={t('landing.team.title')} intro={t('landing.team.intro')}>
          <ul className="grid gap-6 md:grid-cols-2">
            {TEAM.map(({ id, image, name, title, bio }) => (
              <li key={id} className="flex gap-4 rounded-2xl bg-white p-6 shadow-sm">
                <img
                  src={image}
                  alt=""
                  width={80}
                  height={80}
                  loading="lazy"
                  className="h-20 w-20 rounded-full"
                />
                <div>
                  <h3 className="text-lg font-semibold text-slate-900">{name}</h3>
                  <p className="text-sm font-medium text-brand-700">{landingText(title, i18n.language)}</p>
                  <p className="mt-2 text-slate-700">{landingText(bio, i18n.language)}</p>
                </div>
              </li>
            ))}
          </ul>
        </Section>

        <section aria-labelledby="cta-title" className="bg-brand-700 py-16 text-center text-white">
          <div className="mx-auto max-w-3xl px-4">
            <h2 id="cta-title" className="text-3xl font-bold">
              {t('landing.finalCta.title')}
            </h2>
            <p className="mt-3 text-lg text-blue-100">{t('landing.finalCta.body')}</p>
            <Link to="/signup" className={buttonClass('secondary', 'mt-8 px-6 py-3 text-base')}>
              {t('landing.finalCta.button')}
            </Link>
          </div>
        </section>
      </main>
      <footer className="border-t border-slate-200 bg-white py-8">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 text-sm text-slate-700 sm:flex-row sm:items-center sm:justify-between">
          <nav aria-label={t('landing.footer.label')} className="flex flex-wrap gap-x-4 gap-y-2">
            <Link to="/imprint" className="underline">
              {t('landing.footer.imprint')}
            </Link>
            <Link to="/privacy" className="underline">
              {t('landing.footer.privacy')}
            </Link>
            <a href={`mailto:${COMPANY.email}`} className="underline">
              {t('landing.footer.contact', { email: COMPANY.email })}
            </a>
          </nav>
          <p>{t('landing.footer.copyright', { year: copyrightYear, company: COMPANY.name })}</p>
        </div>
      </footer>
    </div>
  );
}
