// A prerendered page (`/`, `/login`, `/signup`) is on screen before the app has hydrated it.
// Its boot script (web/src/boot.ts, built as /boot.js) holds the buttons pressed and forms
// submitted in that time: unheld, a click would do nothing and a submit would be sent by the
// browser itself. The app takes them over here once it handles them.

declare global {
  interface Window {
    /** Set by boot.js: stops holding, and returns what was held, oldest first. */
    releaseHeldActions?: () => Element[];
  }
}

/** Does again, now that the page is live, what the visitor did before; ends the holding. */
export function replayHeldActions(): void {
  for (const element of window.releaseHeldActions?.() ?? []) {
    if (!element.isConnected) continue;
    if (element instanceof HTMLFormElement) element.requestSubmit();
    else if (element instanceof HTMLElement) element.click();
  }
}
