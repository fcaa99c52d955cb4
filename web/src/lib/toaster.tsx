import { createRoot } from 'react-dom/client';

let started = false;

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
        // The page's font, not sonner's own system font stack.
        <Toaster position="bottom-right" richColors closeButton style={{ fontFamily: 'inherit' }} />,
      );
    },
    (error: unknown) => {
      started = false; // the next page tries again
      console.error('Toasts failed to load', error);
    },
  );
}
