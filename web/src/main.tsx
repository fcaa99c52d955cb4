import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { Toaster } from 'sonner';
import { createRouter } from './app/router';
import { initI18n } from './lib/i18n';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

await initI18n();

createRoot(root).render(
  <StrictMode>
    <RouterProvider router={createRouter()} />
    <Toaster position="bottom-right" richColors closeButton />
  </StrictMode>,
);
