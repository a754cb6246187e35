import { describe, expect, it } from 'vitest';
import { loginHref, safeRedirect } from './login-path';
import { isPublicPath } from './public-pages';

describe('public pages', () => {
  it.each([
    '/login',
    '/logoff_protocol',
    '/vip_confirm',
    '/register',
    '/register/mail_verify',
    '/password/find',
    '/password/reset/abc',
    '/wx/getCode',
    '/toactivate/xyz',
    '/h5/register/protocol',
    '/h5/findPwd',
    '/h5/reset/1',
    '/site/jump_node',
  ])('%s skips user info', (path) => expect(isPublicPath(path)).toBe(true));

  it.each(['/', '/products', '/order', '/change_pwd', '/h5/profile', '/invoice/order'])('%s loads user info', (path) =>
    expect(isPublicPath(path)).toBe(false),
  );
});

describe('login redirect', () => {
  it('keeps where the user was', () => {
    expect(loginHref('/order?page=2')).toBe('/login?redirect=%2Forder%3Fpage%3D2');
    expect(loginHref('/')).toBe('/login');
  });

  it('only follows paths inside the app', () => {
    expect(safeRedirect('/devices')).toBe('/devices');
    expect(safeRedirect('//evil.example')).toBe('/products');
    expect(safeRedirect('https://evil.example')).toBe('/products');
    expect(safeRedirect('/\\evil')).toBe('/products');
    expect(safeRedirect('/login?redirect=x')).toBe('/products');
    expect(safeRedirect(null)).toBe('/products');
  });
});
