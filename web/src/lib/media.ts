import { type RefObject, useCallback, useEffect, useState, useSyncExternalStore } from 'react';

/** Tailwind's `lg` breakpoint: from here on, wide lists are tables; below it, cards. */
export const WIDE_SCREEN = '(min-width: 64rem)';

/** Tailwind's `md` breakpoint: below it a phone, where the dashboard keeps its cards short. */
export const MEDIUM_SCREEN = '(min-width: 48rem)';

/**
 * Whether a media query matches now, following every change (a rotated phone, a resized
 * window). Rendering one layout or the other, instead of both with one hidden by CSS, keeps
 * a single copy of each list in the page for screen readers and tests alike.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/**
 * Whether at least a quarter of an element is on screen now (an IntersectionObserver), e.g. a
 * conversation further down a page, which counts as read only once the reader gets to it.
 */
export function useInView(element: RefObject<HTMLElement | null>): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    const observer = new IntersectionObserver(
      (entries) => setInView(entries.some((entry) => entry.isIntersecting)),
      { threshold: 0.25 },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
  return inView;
}
