import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { toRouteObjects } from '@/lib/routing/app-route';
import { registrationRoutes } from './routes';

describe('China /register/mail_verify', () => {
  it('sends the visitor to the China (SMS) registration page, keeping the query', async () => {
    const mailVerify = (registrationRoutes.outside ?? []).filter((r) => r.path === paths.registerMailVerify.path);
    const router = createMemoryRouter(
      [
        ...toRouteObjects(mailVerify, { region: 'cn', isTradeClient: () => false }),
        { path: paths.register.path, element: <p>China registration</p> },
      ],
      { initialEntries: ['/register/mail_verify?clientType=gs_pc'] },
    );
    render(<RouterProvider router={router} />);
    await screen.findByText('China registration');
    expect(router.state.location.pathname).toBe('/register');
    expect(router.state.location.search).toBe('?clientType=gs_pc');
  });

  it('does not exist overseas (the site page is /site/register/mail_verify)', () => {
    const us = toRouteObjects(registrationRoutes.outside ?? [], { region: 'us', isTradeClient: () => false });
    expect(us.map((r) => r.path)).not.toContain(paths.registerMailVerify.path);
  });
});
