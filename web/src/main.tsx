import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './app/router';
import { initI18n } from './lib/i18n';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

const i18n = await initI18n();

const app = (
  <StrictMode>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </StrictMode>
);

// `/` arrives prerendered in the visitor's language (scripts/prerender.mjs, chosen by the
// CDN from the language cookie): hydrate it when it matches; otherwise render from scratch.
if (
  root.firstElementChild &&
  window.location.pathname === '/' &&
  root.dataset.prerendered === i18n.language
) {
  hydrateRoot(root, app);
} else {
  root.replaceChildren();
  createRoot(root).render(app);
}
