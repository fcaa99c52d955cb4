import { type CSSProperties, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';

let started = false;

/** Sonner's own phone layout (full-width toasts, `mobileOffset`) applies up to this width. */
const PHONE = '(max-width: 600px)';
/**
 * On a phone, toasts show from the top, just below the top bar (its height with a margin):
 * a page's main button sits at the end of its content, where a phone's screen ends once the
 * page is scrolled to it, so toasts at the bottom would cover it and catch its tap. Wider
 * screens keep them at the bottom right, beside the content.
 */
const BELOW_TOP_BAR = 76;

const subscribe = (change: () => void) => {
  const query = window.matchMedia(PHONE);
  query.addEventListener('change', change);
  return () => query.removeEventListener('change', change);
};
const isPhone = () => window.matchMedia(PHONE).matches;

/**
 * Sonner's rich colours, each text darkened to at least 4.5:1 on its own background (WCAG AA
 * for normal text; sonner's own success, info and error texts are about 4.3:1, its warning 3:1).
 * Set on the toaster itself, so they win over sonner's stylesheet, which it inserts last.
 */
const READABLE_RICH_COLORS = {
  '--success-text': 'hsl(140, 100%, 24%)',
  '--info-text': 'hsl(210, 92%, 40%)',
  '--warning-text': 'hsl(31, 92%, 33%)',
  '--error-text': 'hsl(360, 100%, 40%)',
} as CSSProperties;

function AppToaster({ Toaster }: { Toaster: typeof import('sonner').Toaster }) {
  const phone = useSyncExternalStore(subscribe, isPhone);
  return (
    <Toaster
      position={phone ? 'top-center' : 'bottom-right'}
      mobileOffset={{ top: BELOW_TOP_BAR }}
      richColors
      closeButton
      // The page's font, not sonner's own system font stack.
      style={{ fontFamily: 'inherit', ...READABLE_RICH_COLORS }}
    />
  );
}

/**
 * Mounts the toast container the first time a page that can toast renders. The landing page
 * never toasts, so it never loads the toast library; toasts raised before the container is
 * up are replayed by sonner when it subscribes.
 */
export function ensureToaster() {
  if (started) return;
  started = true;
  import('sonner').then(
    ({ Toaster }) => {
      // Its own root, outside the (possibly hydrated) page tree.
      createRoot(document.body.appendChild(document.createElement('div'))).render(
        <AppToaster Toaster={Toaster} />,
      );
    },
    (error: unknown) => {
      started = false; // the next page tries again
      console.error('Toasts failed to load', error);
    },
  );
}
