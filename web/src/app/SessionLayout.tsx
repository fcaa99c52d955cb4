import { Outlet } from 'react-router-dom';
import { SessionProvider } from '../lib/session';

/** Every route that needs Amplify sits under this lazily loaded layout. */
export default function SessionLayout() {
  return (
    <SessionProvider>
      <Outlet />
    </SessionProvider>
  );
}
