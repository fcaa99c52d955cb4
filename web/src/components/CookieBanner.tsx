import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { bannerDelay, readConsent, storeConsent } from '../lib/consent';
import { Button } from './Button';

/** SPEC 2 'Cookie banner': 500 ms after load when no consent is stored, on every route. */
export function CookieBanner() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (readConsent()) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      const now = performance.now();
      timer = setTimeout(() => setVisible(true), bannerDelay(now, navigation?.loadEventEnd || now));
    };
    if (document.readyState === 'complete') schedule();
    else window.addEventListener('load', schedule, { once: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener('load', schedule);
    };
  }, []);

  if (!visible) return null;
  // Sticky at the end of the page, not fixed: it floats over the content while scrolling but
  // takes its own place at the bottom, so it never hides the page's last links and buttons.
  return (
    <div className="pointer-events-none sticky bottom-0 z-40 px-4 pb-4">
      <section
        aria-label={t('cookies.label')}
        className="pointer-events-auto mx-auto max-w-3xl rounded-2xl border border-slate-200 bg-white p-4 shadow-xl sm:flex sm:items-center sm:gap-4"
      >
        <p className="flex-1 text-sm text-slate-700">{t('cookies.text')}</p>
        <div className="mt-3 flex flex-wrap items-center gap-2 sm:mt-0">
          <Button
            onClick={() => {
              storeConsent();
              setVisible(false);
            }}
          >
            {t('cookies.accept')}
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              storeConsent();
              setVisible(false);
              navigate('/privacy');
            }}
          >
            {t('cookies.learnMore')}
          </Button>
          <button
            type="button"
            aria-label={t('cookies.close')}
            onClick={() => setVisible(false)}
            className="rounded-md p-2 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <span aria-hidden="true">✕</span>
          </button>
        </div>
      </section>
    </div>
  );
}
