import { TESTIMONIALS as ITEMS, landingText } from '@shared/landing-content';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A looping carousel: two testimonials a row on wide screens (with arrows), one on small
 * screens (swipe). Moving past the last starts again at the first.
 */
export function Testimonials() {
  const { t, i18n } = useTranslation();
  const [index, setIndex] = useState(0);
  const start = useRef<number | null>(null);
  const move = (step: number) => setIndex((i) => (i + step + ITEMS.length) % ITEMS.length);
  const shown = [index, (index + 1) % ITEMS.length];

  return (
    // A group, not a second region: the landing section around it is already the landmark
    // with this name (axe's landmark-unique).
    // biome-ignore lint/a11y/useSemanticElements: a fieldset is for form controls, not a carousel
    <div
      role="group"
      aria-roledescription="carousel"
      aria-label={t('landing.testimonials.title')}
      // pan-y: the browser keeps vertical scrolling and leaves horizontal swipes to us.
      className="relative touch-pan-y rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: arrow keys move the carousel on every screen size
      tabIndex={0}
      onKeyDown={(e) => {
        if (e.key === 'ArrowRight') move(1);
        if (e.key === 'ArrowLeft') move(-1);
      }}
      onPointerDown={(e) => {
        start.current = e.clientX;
      }}
      onPointerUp={(e) => {
        if (start.current === null) return;
        const dx = e.clientX - start.current;
        start.current = null;
        if (Math.abs(dx) > 40) move(dx < 0 ? 1 : -1);
      }}
      onPointerCancel={() => {
        start.current = null;
      }}
    >
      <div className="grid gap-6 md:grid-cols-2" aria-live="polite">
        {shown.map((i, position) => {
          const item = ITEMS[i];
          if (!item) return null;
          return (
            <figure
              key={item.id}
              aria-roledescription="slide"
              aria-label={t('landing.testimonials.slide', { index: i + 1, total: ITEMS.length })}
              className={`rounded-2xl border border-slate-200 bg-white p-6 shadow-sm ${position === 1 ? 'hidden md:block' : ''}`}
            >
              <blockquote className="text-slate-800">
                {/* Quotation marks as each language writes them: “…” in English, „…“ in German. */}
                {t('landing.testimonials.quoted', { quote: landingText(item.quote, i18n.language) })}
              </blockquote>
              <figcaption className="mt-4 flex items-center gap-3">
                <img
                  src={item.image}
                  alt=""
                  width={48}
                  height={48}
                  loading="lazy"
                  className="h-12 w-12 rounded-full"
                />
                <span>
                  <span className="block font-semibold text-slate-900">{item.author}</span>
                  <span className="block text-sm text-slate-600">
                    {landingText(item.role, i18n.language)}
                  </span>
                </span>
              </figcaption>
            </figure>
          );
        })}
      </div>
      <div className="mt-6 hidden justify-center gap-3 md:flex">
        <button
          type="button"
          aria-label={t('landing.testimonials.previous')}
          onClick={() => move(-1)}
          className="rounded-full border border-slate-300 bg-white px-4 py-2 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <span aria-hidden="true">←</span>
        </button>
        <button
          type="button"
          aria-label={t('landing.testimonials.next')}
          onClick={() => move(1)}
          className="rounded-full border border-slate-300 bg-white px-4 py-2 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <span aria-hidden="true">→</span>
        </button>
      </div>
    </div>
  );
}
