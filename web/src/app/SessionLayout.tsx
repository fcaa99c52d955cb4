import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Outlet } from 'react-router-dom';
import { createQueryClient } from '../lib/query-client';
import { SessionProvider } from '../lib/session';

/**
 * Every route that needs a session sits under this lazily loaded layout, and so does the query
 * cache: the landing page loads neither. Amplify itself loads later still, when a session is
 * there to read or a form signs in (lib/auth-ready.ts).
 */
export default function SessionLayout() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <Outlet />
      </SessionProvider>
    </QueryClientProvider>
  );
}
