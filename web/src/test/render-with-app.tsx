/**
 * Renders a component the way the app does (i18n with the real English
 * locale files, antd, TanStack Query, a memory router) for component tests.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AntdNotices } from '@/components/antd-provider';
import { initI18n } from '@/i18n/i18n';
import { NAMESPACES } from '@/i18n/namespaces';

export async function renderWithApp(element: ReactNode, { path = '/', routes = {} as Record<string, ReactNode> } = {}) {
  const i18n = await initI18n('en');
  await i18n.loadNamespaces([...NAMESPACES]);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: new URL(path, 'http://x').pathname, element },
      ...Object.entries(routes).map(([p, e]) => ({ path: p, element: e })),
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <AntdApp>
        <AntdNotices>
          <RouterProvider router={router} />
        </AntdNotices>
      </AntdApp>
    </QueryClientProvider>,
  );
  return { ...view, router };
}
