/** /redeemcode and its Pro variant (/redeemcode/pro): the same form, the Pro one with its own title and styling. */
import { Card, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { RedeemForm } from '../components/redeem-form';

const proHeader = { background: 'linear-gradient(90deg, #1f1f1f, #3a2a0f)', color: '#ffd666' };

function RedeemCode({ pro }: { pro: boolean }) {
  const { t } = useTranslation('redeem');
  return (
    <>
      <PageHeader
        title={pro ? t('redeem.useCodeProTitle') : t('redeem.useCodeTitle')}
        description={pro ? t('redeem.useCodeProDescription') : t('redeem.useCodeDescription')}
        extra={
          <Flex gap={16} wrap>
            <Link to={paths.myExchange.getHref()}>{t('redeem.pageTitle')}</Link>
            <Link to={paths.redeemCodeOrder.getHref()}>{t('redeem.ordersTitle')}</Link>
          </Flex>
        }
      />
      <Card
        data-testid={pro ? 'redeem-pro-card' : 'redeem-card'}
        title={
          <Flex gap={8} align="center">
            <Typography.Title level={2} style={{ fontSize: 16, margin: 0, color: pro ? proHeader.color : undefined }}>
              {t('redeem.formTitle')}
            </Typography.Title>
            {pro ? <Tag color="#874d00">PRO</Tag> : null}
          </Flex>
        }
        styles={pro ? { header: proHeader } : undefined}
      >
        <RedeemForm />
      </Card>
    </>
  );
}

export function RedeemCodePage() {
  return <RedeemCode pro={false} />;
}

export function RedeemCodeProPage() {
  return <RedeemCode pro />;
}
