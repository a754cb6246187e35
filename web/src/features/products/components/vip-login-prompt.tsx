/** Logged out: why to log in, and the button to the login page that comes back here afterwards. */
import { Alert, Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { loginHref } from '@/lib/session/login-path';

export function VipLoginPrompt() {
  const { t } = useTranslation('products');
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return (
    <Flex vertical gap={16}>
      <Alert type="info" showIcon title={t('products.vipLoginHint')} />
      <Button
        type="primary"
        size="large"
        block
        onClick={() => navigate(loginHref(`${pathname}${search}`))}
        data-testid="vip-login"
      >
        {t('products.vipLogin')}
      </Button>
    </Flex>
  );
}
