import { act, cleanup, render, screen } from '@testing-library/react';
import { App, Button, theme } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGE_DURATION_SECONDS } from '@/config/antd-theme';
import { initI18n } from '@/i18n/i18n';
import { applyLanguage, wantAntdLocale } from '@/i18n/language-store';
import { AntdProvider } from './antd-provider';

/** The fake clock's time when the message closed (antd resolves what message.success returns then). */
let closedAt: number | undefined;

function Notify() {
  const { message } = App.useApp();
  return (
    <Button
      onClick={() =>
        void message.success('Saved').then(() => {
          closedAt = Date.now();
        })
      }
    >
      notify
    </Button>
  );
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('header messages', () => {
  it('last 1 second by default (docs/product.md#messages-and-timing)', async () => {
    expect(MESSAGE_DURATION_SECONDS).toBe(1);
    await initI18n('en');
    await applyLanguage('en', { persist: false });
    // as the app's lazy provider does (lazy-antd-provider.tsx): antd's locale is there before the first render
    await wantAntdLocale();
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'Date'],
    });
    render(
      <AntdProvider>
        <Notify />
      </AntdProvider>,
    );
    closedAt = undefined;
    act(() => screen.getByRole('button', { name: 'notify' }).click());
    const shownAt = Date.now();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('Saved')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(MESSAGE_DURATION_SECONDS * 1000 - 10));
    expect(closedAt).toBeUndefined();
    for (let i = 0; i < 10 && closedAt === undefined; i++) await act(() => vi.advanceTimersByTimeAsync(20));
    expect(closedAt).toBeDefined();
    expect((closedAt ?? 0) - shownAt).toBeLessThanOrEqual(MESSAGE_DURATION_SECONDS * 1000 + 200);
  });
});

describe('motion', () => {
  function Motion() {
    const { token } = theme.useToken();
    return <output>{String(token.motion)}</output>;
  }
  const withReducedMotion = (reduce: boolean) =>
    vi.mocked(window.matchMedia).mockImplementation(
      (query: string) =>
        ({
          matches: reduce && query === '(prefers-reduced-motion: reduce)',
          media: query,
          addEventListener: vi.fn(),
          removeEventListener: vi.fn(),
        }) as unknown as MediaQueryList,
    );

  it('is off when the visitor asked their system for less motion, on otherwise', async () => {
    await initI18n('en');
    withReducedMotion(true);
    render(
      <AntdProvider>
        <Motion />
      </AntdProvider>,
    );
    expect(screen.getByRole('status').textContent).toBe('false');
    cleanup();
    withReducedMotion(false);
    render(
      <AntdProvider>
        <Motion />
      </AntdProvider>,
    );
    expect(screen.getByRole('status').textContent).toBe('true');
  });
});
