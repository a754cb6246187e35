/** The activate-success screen: the account is active, go and log in. */
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

export function ActivateSuccess() {
  const { t } = useTranslation('register');
  return (
    <Result
      status="success"
      data-testid="activate-success"
      title={<h1 style={{ fontSize: 24, margin: 0 }}>{t('register.activateSuccessTitle')}</h1>}
      subTitle={t('register.activateSuccessDescription')}
      extra={
        <Link to={paths.login.getHref()}>
          <Button type="primary" size="large">
            {t('common.toLogin')}
          </Button>
        </Link>
      }
    />
  );
}
