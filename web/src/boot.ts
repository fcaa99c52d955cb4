// The one script a prerendered page (`/`, `/login`, `/signup`) has before its first paint,
// built on its own by scripts/prerender.mjs as /boot.js (the app bundle does not include it).
// The page paints with no script; this starts the app, which hydrates it, once the page has
// loaded, or at the visitor's first touch, key or focus if that comes sooner. Then every file
// the app needs is asked for at once (the page lists them on this script's tag, the entry
// first) with the language file, not one import level after the other. Until the page is live
// a button pressed would do nothing and a form submitted would be sent by the browser itself:
// they are held and handed to the app (lib/held-actions.ts).

let started = false;

function preload(rel: string, href: string, as?: string) {
  const link = Object.assign(document.createElement('link'), { rel, href, crossOrigin: 'anonymous' });
  if (as) link.as = as;
  document.head.append(link);
}

function start() {
  if (started) return;
  started = true;
  const tag = document.querySelector<HTMLScriptElement>('script[data-preload]');
  const files = tag?.dataset.preload?.split(' ') ?? [];
  for (const file of files) preload('modulepreload', file);
  preload('preload', `/locales/${document.documentElement.lang}/translation.json`, 'fetch');
  const [entry] = files;
  if (entry) void import(/* @vite-ignore */ entry);
}

const held: Element[] = [];

function hold(event: Event) {
  const { target } = event;
  const action =
    event.type === 'submit' ? target : target instanceof Element ? target.closest('button') : null;
  if (!(action instanceof Element)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  held.push(action);
  start();
}

addEventListener('click', hold, true);
addEventListener('submit', hold, true);
addEventListener('load', start, { once: true });
for (const type of ['pointerdown', 'keydown', 'focusin']) {
  addEventListener(type, start, { capture: true, once: true });
}

window.releaseHeldActions = () => {
  removeEventListener('click', hold, true);
  removeEventListener('submit', hold, true);
  return held.splice(0);
};
