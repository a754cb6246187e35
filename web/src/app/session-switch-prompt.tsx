/**
 * "Continue as <account>?" when the page was opened with a session from a link
 * (see session-handover.ts). With a session of its own here: switch to it, or keep
 * the current one. Without one: sign in as that account, or not — a link never signs
 * a visitor in unasked (login CSRF). Taking the session also makes it the browser's
 * HttpOnly ticket cookie (setTicket), which same-origin downloads use. Loaded only
 * when it shows, with antd's provider of its own.
 */
import { calls } from '@ac/protocol/calls';
import { formatMobile } from '@ac/protocol/mobile-display';
import { Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AntdProvider } from '@/components/antd-provider';
import { apiCall } from '@/lib/api/api-client';
import { navigateTo } from '@/lib/navigation';
import { queryClient } from '@/lib/query-client';
import { setToken } from '@/lib/session/token';
import type { PendingSwitch } from './session-handover';

export function SessionSwitchPrompt({ pending }: { pending: PendingSwitch | null }) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(pending !== null);
  if (!pending) return null;
  // an account known by its mobile number shows it as people write it (an email or a nickname unchanged)
  const account = formatMobile(pending.account);

  const take = async () => {
    setOpen(false);
    setToken(pending.token);
    await apiCall(calls.session.setTicket, {}, { token: pending.token, onSessionExpired: 'reject' }).catch(
      () => undefined,
    );
    void queryClient.resetQueries();
    // without a session the page had gone to the login page: show the page the link opened
    if (!pending.signedIn) navigateTo(pending.returnTo ?? '/', { replace: true });
  };
  const decline = () => {
    setOpen(false);
    if (pending.handedOver) {
      void apiCall(calls.session.logout, {}, { token: pending.token, onSessionExpired: 'reject' }).catch(
        () => undefined,
      );
    }
  };
  const text = pending.signedIn
    ? { body: 'common.sessionSwitchBody', ok: 'common.sessionSwitchConfirm', cancel: 'common.sessionSwitchKeep' }
    : { body: 'common.sessionSignInBody', ok: 'common.sessionSignInConfirm', cancel: 'common.sessionSignInDecline' };

  return (
    <AntdProvider>
      <Modal
        open={open}
        title={t('common.sessionSwitchTitle', { account })}
        okText={t(text.ok)}
        cancelText={t(text.cancel)}
        onOk={() => void take()}
        onCancel={decline}
        maskClosable={false}
      >
        <p data-testid="session-switch">{t(text.body, { account })}</p>
      </Modal>
    </AntdProvider>
  );
}
