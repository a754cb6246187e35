/**
 * Providers around the router: server state and the routes. antd's provider
 * (locale, theme, App context) is in the desktop shells, so the /h5 shell
 * loads no antd; the "Continue as …?" prompt loads only when it shows.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { RouterProvider } from 'react-router/dom';
import { FullPageSpin } from '@/components/full-page-spin';
import { queryClient } from '@/lib/query-client';
import type { AppRouter } from './router';
import type { PendingSwitch } from './session-handover';

const SessionSwitchPrompt = lazy(() =>
  import('./session-switch-prompt').then((m) => ({ default: m.SessionSwitchPrompt })),
);

/** `pendingSwitch`: another account's session the page was opened with, for the user to accept or not. */
export function App({ router, pendingSwitch = null }: { router: AppRouter; pendingSwitch?: PendingSwitch | null }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<FullPageSpin />}>
        <RouterProvider router={router} />
        {pendingSwitch ? (
          <Suspense fallback={null}>
            <SessionSwitchPrompt pending={pendingSwitch} />
          </Suspense>
        ) : null}
      </Suspense>
    </QueryClientProvider>
  );
}
