/**
 * "Not you?": the login page with the way back here. The cached answers of
 * this account (products, orders) are dropped once the page has left, so
 * another account never sees them; the token stays until a new login
 * replaces it, so going back without logging in still works.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { loginHref } from '@/lib/session/login-path';

export function VipSwitchAccount() {
  const { t } = useTranslation('products');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { pathname, search } = useLocation();
  const switchAccount = () =>
    void Promise.resolve(navigate(loginHref(`${pathname}${search}`))).then(() => queryClient.clear());
  return (
    <Button type="link" onClick={switchAccount} data-testid="vip-switch-account">
      {t('products.vipSwitchAccount')}
    </Button>
  );
}
