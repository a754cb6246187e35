/**
 * "Continue as <account>?" when the page was opened with another account's
 * session while this browser has one (see session-handover.ts): switch to
 * it, or keep the current session. Loaded only when it shows, with antd's provider of its own.
 */
import { calls } from '@ac/protocol/calls';
import { formatMobile } from '@ac/protocol/mobile-display';
import { Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AntdProvider } from '@/components/antd-provider';
import { apiCall } from '@/lib/api/api-client';
import { queryClient } from '@/lib/query-client';
import { setToken } from '@/lib/session/token';
import type { PendingSwitch } from './session-handover';

export function SessionSwitchPrompt({ pending }: { pending: PendingSwitch | null }) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(pending !== null);
  if (!pending) return null;
  // an account known by its mobile number shows it as people write it (an email or a nickname unchanged)
  const account = formatMobile(pending.account);

  const switchAccount = () => {
    setToken(pending.token);
    setOpen(false);
    void queryClient.resetQueries();
  };
  const keep = () => {
    setOpen(false);
    if (pending.handedOver) {
      void apiCall(calls.session.logout, {}, { token: pending.token, onSessionExpired: 'reject' }).catch(
        () => undefined,
      );
    }
  };

  return (
    <AntdProvider>
      <Modal
        open={open}
        title={t('common.sessionSwitchTitle', { account })}
        okText={t('common.sessionSwitchConfirm')}
        cancelText={t('common.sessionSwitchKeep')}
        onOk={switchAccount}
        onCancel={keep}
        maskClosable={false}
      >
        <p data-testid="session-switch">{t('common.sessionSwitchBody', { account })}</p>
      </Modal>
    </AntdProvider>
  );
}
