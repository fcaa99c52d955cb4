import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './app/router';
import { initI18n } from './lib/i18n';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

const app = (
  <StrictMode>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </StrictMode>
);

// No top-level await here: Rolldown stops merging shared chunks into their importers in a bundle
// that has one, and `/` then asks for 13 files before it is live instead of 4, /login 27
// instead of 16 (each a round trip where the browser holds six connections, as over HTTP/1.1).
void initI18n().then((i18n) => {
  // `/`, `/login` and `/signup` arrive prerendered in the visitor's language
  // (scripts/prerender.mjs, chosen by the CDN from the language cookie): hydrate them when path
  // and language match; otherwise render from scratch.
  if (
    root.firstElementChild &&
    root.dataset.path === window.location.pathname &&
    root.dataset.prerendered === i18n.language
  ) {
    hydrateRoot(root, app);
  } else {
    root.replaceChildren();
    createRoot(root).render(app);
  }
});
