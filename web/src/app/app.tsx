/** Providers around the router: server state, antd (locale and theme), the routes. */
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { RouterProvider } from 'react-router/dom';
import { FullPageSpin } from '@/components/full-page-spin';
import { queryClient } from '@/lib/query-client';
import { AntdProvider } from './providers/antd-provider';
import type { AppRouter } from './router';

export function App({ router }: { router: AppRouter }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AntdProvider>
        <Suspense fallback={<FullPageSpin />}>
          <RouterProvider router={router} />
        </Suspense>
      </AntdProvider>
    </QueryClientProvider>
  );
}
