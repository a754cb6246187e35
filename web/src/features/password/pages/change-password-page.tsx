/** Change password (docs/product.md#routes): tabs "password verification" and "mobile verification". */
import { Alert, Card, Skeleton, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { useUserDetail } from '@/lib/session/user-detail';
import { ChangePasswordForm } from '../components/change-password-form';

export function ChangePasswordPage() {
  const { t } = useTranslation('security');
  const detail = useUserDetail();
  const mobile = detail.data?.mobile ?? null;
  return (
    <>
      <PageHeader title={t('security.changePasswordTitle')} description={t('security.changePasswordDescription')} />
      <Card>
        <QueryErrorAlert query={detail} />
        {detail.isPending ? <Skeleton active /> : null}
        {detail.data ? (
          <Tabs
            data-testid="change-password-tabs"
            defaultActiveKey={detail.data.hasPassword || !mobile ? 'password' : 'mobile'}
            items={[
              {
                key: 'password',
                label: t('security.byPassword'),
                children: <ChangePasswordForm type="password" mobile={mobile} />,
              },
              {
                key: 'mobile',
                label: t('security.byMobile'),
                children: mobile ? (
                  <ChangePasswordForm type="mobile" mobile={mobile} />
                ) : (
                  <Alert type="info" showIcon title={t('security.noMobile')} />
                ),
              },
            ]}
          />
        ) : null}
      </Card>
    </>
  );
}
