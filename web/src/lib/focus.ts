import { type RefObject, useEffect, useRef } from 'react';

/** Nothing but the page itself has focus: the focused element was removed or disabled. */
export function focusIsLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body;
}

/**
 * When `shown` turns false (a card or a control taken away by what the person just did) and
 * focus went down with it, `target` gets focus instead of <body>.
 */
export function useFocusWhenGone(shown: boolean, target: RefObject<HTMLElement | null>) {
  const was = useRef(shown);
  useEffect(() => {
    if (was.current && !shown && focusIsLost()) target.current?.focus();
    was.current = shown;
  }, [shown, target]);
}
