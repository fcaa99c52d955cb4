import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { CookieBanner } from '../components/CookieBanner';

/** Around every route: the page, and the cookie banner (SPEC 2: all routes). */
export default function RootLayout() {
  // Marks the page as interactive (hydrated or rendered): tests and monitoring wait for it.
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
  }, []);
  return (
    <>
      <Outlet />
      <CookieBanner />
    </>
  );
}
