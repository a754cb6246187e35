import { calls } from '@ac/protocol/calls';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '@/i18n/i18n';
import { applyLanguage } from '@/i18n/language-store';
import { setToken } from '@/lib/session/token';
import { installFakeServer } from '@/test/install-fake-server';
import { renderWithApp } from '@/test/render-with-app';
import { UserMenu } from './user-menu';

const server = installFakeServer();
afterEach(cleanup);
// the menu's antd theme reads the language state
beforeEach(async () => {
  await initI18n('en');
  await applyLanguage('en', { persist: false });
});

const userInfo = {
  id: 'u1',
  name: 'ada',
  nickName: 'Ada',
  email: 'ada@example.com',
  mobile: null,
  favicon: null,
  sex: 0,
  level: 0,
  score: 0,
  vipType: 'free',
  isActivate: 1,
  registerDate: '2026-01-01 00:00:00',
  lastLoginTime: null,
  updateTime: '2026-01-01 00:00:00',
};
const storage = { total: 6, used: 1, surplus: 5, free: 1, overQuota: false };

describe('UserMenu', () => {
  it('is a labelled button; its menu loads on the first click and opens at once', async () => {
    setToken('t');
    server.on(calls.session.userInfo.path, () => ({ bizData: { utoken: 't', userInfo, storage, vipInfo: null } }));
    await renderWithApp(<UserMenu />);
    const button = await screen.findByRole('button', { name: 'User menu: Ada' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(screen.getByTestId('user-nickname').textContent).toBe('Ada');
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.click(button);
    expect(await screen.findByRole('menuitem', { name: /Basic information/ })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: /Change password/ })).toBeTruthy();
    expect(screen.getByTestId('logout')).toBeTruthy();
    // the button drawn again with the menu keeps the focus
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'User menu: Ada' }));
  });

  it('shows the avatar alone on a narrow screen', async () => {
    setToken('t');
    server.on(calls.session.userInfo.path, () => ({
      bizData: {
        utoken: 't',
        userInfo: { ...userInfo, favicon: 'https://cdn.example.com/a.png' },
        storage,
        vipInfo: null,
      },
    }));
    await renderWithApp(<UserMenu compact />);
    const button = await screen.findByRole('button', { name: 'User menu: Ada' });
    expect(button.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example.com/a.png');
    expect(screen.queryByTestId('user-nickname')).toBeNull();
  });
});
