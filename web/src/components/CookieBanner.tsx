import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { bannerDelay, readConsent, storeConsent } from '../lib/consent';
import { Button } from './Button';

/**
 * The cookie banner: 500 ms after load when no consent is stored, on every route
 * (docs/product.md#legal-pages-not-found-cookie-banner).
 */
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
  // Compact (on a phone a quarter of the screen at most): the text, the two choices on one row
  // (the first one wraps its words when the row is short), the close button in the corner.
  return (
    <div className="pointer-events-none sticky bottom-0 z-40 px-2 pb-2 sm:px-4 sm:pb-4">
      <section
        aria-label={t('cookies.label')}
        className="pointer-events-auto relative mx-auto max-w-3xl rounded-2xl border border-slate-200 bg-white p-3 shadow-xl sm:p-4"
      >
        {/* A floated spacer keeps the first line of text clear of the close button. */}
        <p className="text-sm text-slate-700 before:float-right before:h-6 before:w-8">{t('cookies.text')}</p>
        <div className="mt-2 flex items-center gap-2 sm:mt-3">
          <Button
            className="flex-1 text-center sm:flex-none"
            onClick={() => {
              storeConsent();
              setVisible(false);
            }}
          >
            {t('cookies.accept')}
          </Button>
          <Button
            variant="secondary"
            className="shrink-0"
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
            className="absolute top-1 right-1 rounded-md p-2 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 sm:top-2 sm:right-2"
          >
            <span aria-hidden="true">✕</span>
          </button>
        </div>
      </section>
    </div>
  );
}
