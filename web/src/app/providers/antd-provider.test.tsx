import { act, cleanup, render, screen } from '@testing-library/react';
import { App, Button } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGE_DURATION_SECONDS } from '@/config/antd-theme';
import { initI18n } from '@/i18n/i18n';
import { applyLanguage } from '@/i18n/language-store';
import { AntdProvider } from './antd-provider';

function Notify() {
  const { message } = App.useApp();
  return <Button onClick={() => void message.success('Saved')}>notify</Button>;
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
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'Date'],
    });
    render(
      <AntdProvider>
        <Notify />
      </AntdProvider>,
    );
    act(() => screen.getByRole('button', { name: 'notify' }).click());
    await act(() => vi.advanceTimersByTimeAsync(0));
    const notice = screen.getByText('Saved').closest('.ant-message-notice');
    // jsdom runs no CSS transitions: a notice that has timed out keeps its leave class instead of vanishing
    const leaving = () => /-leave\b/.test(notice?.className ?? '');
    await act(() => vi.advanceTimersByTimeAsync(MESSAGE_DURATION_SECONDS * 1000 - 10));
    expect(leaving()).toBe(false);
    // the leave class comes an animation frame after the timeout (antd's motion)
    for (let i = 0; i < 10 && !leaving(); i++) await act(() => vi.advanceTimersByTimeAsync(20));
    expect(leaving()).toBe(true);
  });
});
