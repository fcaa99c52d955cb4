import { Outlet } from 'react-router-dom';
import { CookieBanner } from '../components/CookieBanner';

/** Around every route: the page, and the cookie banner (SPEC 2: all routes). */
export default function RootLayout() {
  return (
    <>
      <Outlet />
      <CookieBanner />
    </>
  );
}
