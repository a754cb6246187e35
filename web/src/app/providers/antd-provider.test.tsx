import { act, cleanup, render, screen } from '@testing-library/react';
import { App, Button } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { initI18n } from '@/i18n/i18n';
import { applyLanguage } from '@/i18n/language-store';
import { AntdProvider, MESSAGE_DURATION_SECONDS } from './antd-provider';

function Notify() {
  const { message } = App.useApp();
  return <Button onClick={() => void message.success('Saved')}>notify</Button>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(cleanup);

describe('header messages', () => {
  it('last 1 second by default (SPEC §9)', async () => {
    expect(MESSAGE_DURATION_SECONDS).toBe(1);
    await initI18n('en');
    await applyLanguage('en', { persist: false });
    render(
      <AntdProvider>
        <Notify />
      </AntdProvider>,
    );
    act(() => screen.getByRole('button', { name: 'notify' }).click());
    const notice = (await screen.findByText('Saved')).closest('.ant-message-notice');
    // jsdom runs no CSS transitions: a notice that has timed out keeps its leave class instead of vanishing
    const leaving = () => /-leave\b/.test(notice?.className ?? '');
    await act(() => sleep(700));
    expect(leaving()).toBe(false);
    await act(() => sleep(700));
    expect(leaving()).toBe(true);
  });
});
