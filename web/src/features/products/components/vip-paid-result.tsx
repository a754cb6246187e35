/** After payment: the membership and its new end, a way to the product centre, and leave to close the window. */
import { Button, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format/date';

type Props = { product: string; newEnd: Date };

export function VipPaidResult({ product, newEnd }: Props) {
  const { t } = useTranslation('products');
  const navigate = useNavigate();
  const date = formatDate(newEnd.toISOString());
  return (
    <Result
      status="success"
      title={t('products.vipPaidTitle')}
      subTitle={
        <span data-testid="vip-paid-text" data-new-end={date}>
          {t('products.vipPaidText', { product, date })}
        </span>
      }
      extra={
        <>
          <Button type="primary" onClick={() => navigate(paths.products.getHref())} data-testid="vip-to-products">
            {t('products.vipToProducts')}
          </Button>
          <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
            {t('products.vipCloseHint')}
          </Typography.Paragraph>
        </>
      }
      data-testid="vip-paid"
      style={{ padding: '24px 0' }}
    />
  );
}
