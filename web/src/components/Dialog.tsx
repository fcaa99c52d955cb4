import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { focusIsLost } from '../lib/focus';

const FOCUSABLE =
  'a[href], button:not(:disabled), input:not(:disabled):not([type="hidden"]), select:not(:disabled), textarea:not(:disabled), iframe, [tabindex]:not([tabindex="-1"])';

/**
 * A modal on the native <dialog>: the rest of the page is inert, Tab and Shift+Tab cycle
 * through the dialog's controls (the browser alone would let focus leave for its own UI),
 * Escape closes, and focus returns to the control that opened it, or, when what the dialog
 * did took that control away, to `returnFocus()`.
 */
export function Dialog({
  open,
  title,
  onClose,
  returnFocus,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  returnFocus?: () => HTMLElement | null | undefined;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  // The latest fallback, read when the dialog closes (not a reason to run the effect again).
  const fallback = useRef(returnFocus);
  fallback.current = returnFocus;
  const titleId = useId();
  const shown = useRef(false);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open) {
      if (dialog.open) return;
      shown.current = true;
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && !focusIsLost() ? active : null;
      dialog.showModal();
      return;
    }
    if (dialog.open) dialog.close();
    if (!shown.current) return;
    shown.current = false;
    // Chromium hands focus back itself; not every browser does, and none when the opener is gone.
    const target = opener.current?.isConnected ? opener.current : fallback.current?.();
    opener.current = null;
    // Focus may still sit on a control of the closed dialog, on its way to <body>.
    if (focusIsLost() || dialog.contains(document.activeElement)) target?.focus();
  }, [open]);

  const trapTab = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (element) => element.getClientRects().length > 0,
    );
    const first = controls[0];
    const last = controls.at(-1);
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey ? active === first || active === event.currentTarget : active === last) {
      event.preventDefault();
      (event.shiftKey ? last : first).focus();
    }
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      // Escape closes through the state at once: the native 'close' event comes a task later,
      // and a press on the opener before it (a fast keyboard, a busy machine) was undone by it.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // The native 'close' event of our own close() also comes a task later: by then the
      // dialog may be open again (reopened from the keyboard at once), and that close is old.
      onClose={(event) => {
        if (!event.currentTarget.open) onClose();
      }}
      onKeyDown={trapTab}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-2xl p-6 shadow-xl backdrop:bg-slate-900/50"
    >
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </dialog>
  );
}
