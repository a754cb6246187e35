/** Providers around the router: server state, antd (locale and theme), the routes. */
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { RouterProvider } from 'react-router/dom';
import { FullPageSpin } from '@/components/full-page-spin';
import { queryClient } from '@/lib/query-client';
import { AntdProvider } from './providers/antd-provider';
import type { AppRouter } from './router';
import type { PendingSwitch } from './session-handover';
import { SessionSwitchPrompt } from './session-switch-prompt';

/** `pendingSwitch`: another account's session the page was opened with, for the user to accept or not. */
export function App({ router, pendingSwitch = null }: { router: AppRouter; pendingSwitch?: PendingSwitch | null }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AntdProvider>
        <Suspense fallback={<FullPageSpin />}>
          <RouterProvider router={router} />
          <SessionSwitchPrompt pending={pendingSwitch} />
        </Suspense>
      </AntdProvider>
    </QueryClientProvider>
  );
}
