/** The catch-all page. */
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';

export function NotFoundPage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={<h1 style={{ fontSize: 24, margin: 0 }}>{t('common.notFoundTitle')}</h1>}
      subTitle={t('common.notFoundDescription')}
      extra={
        <Button type="primary" onClick={() => navigate(paths.home.getHref())}>
          {t('common.backHome')}
        </Button>
      }
    />
  );
}
