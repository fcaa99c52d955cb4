import { Outlet } from 'react-router-dom';
import { CookieBanner } from '../components/CookieBanner';

/**
 * Around every route: the page, and the cookie banner, which shows on all routes
 * (docs/product.md#legal-pages-not-found-cookie-banner).
 */
export default function RootLayout() {
  return (
    <>
      <Outlet />
      <CookieBanner />
    </>
  );
}
