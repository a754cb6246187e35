import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { initI18n } from '@/i18n/i18n';
import { applyLanguage } from '@/i18n/language-store';
import { NAMESPACES } from '@/i18n/namespaces';
import { SiteShell } from './site-shell';

afterEach(cleanup);

async function renderAt(path: string) {
  const i18n = await initI18n('en');
  await i18n.loadNamespaces([...NAMESPACES]);
  await applyLanguage('en');
  const router = createMemoryRouter(
    [
      {
        element: <SiteShell />,
        children: [
          { path: '/login', handle: { title: 'auth.pageTitle', antd: false }, element: <p>login page</p> },
          { path: '/register', handle: { title: 'register.pageTitle' }, element: <p>register page</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

describe('site shell', () => {
  it('draws its header, main and footer in plain markup, and gives a page marked antd: false no antd', async () => {
    await renderAt('/login');
    await screen.findByText('login page');
    expect(screen.getByRole('banner').textContent).toContain('Account Center');
    expect(screen.getByRole('main').id).toBe('main-content');
    expect(screen.getByRole('contentinfo').textContent).toContain('Account Center');
    expect(document.querySelector('.ant-app')).toBeNull();
  });

  it("gives the other pages antd's provider, loaded with them", { timeout: 30_000 }, async () => {
    await renderAt('/register');
    // antd loads with the page: slow in the test environment
    await screen.findByText('register page', {}, { timeout: 20_000 });
    expect(screen.getByText('register page').closest('.ant-app')).not.toBeNull();
  });
});
