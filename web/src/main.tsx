import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { createRouter } from './app/router';
import { initI18n } from './lib/i18n';
import './index.css';

// The toast container loads after first paint: the landing page never needs it to render.
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

await initI18n();

createRoot(root).render(
  <StrictMode>
    <RouterProvider router={createRouter()} />
    <Suspense fallback={null}>
      <Toaster position="bottom-right" richColors closeButton />
    </Suspense>
  </StrictMode>,
);
