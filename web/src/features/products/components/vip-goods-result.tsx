/** No `goods` parameter, or one that names nothing on sale: say so and point to the product centre. */
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';

export function VipGoodsResult({ goodsCode }: { goodsCode: string }) {
  const { t } = useTranslation('products');
  const navigate = useNavigate();
  const missing = goodsCode === '';
  return (
    <Result
      status={missing ? 'info' : 'warning'}
      title={missing ? t('products.vipMissingTitle') : t('products.vipUnknownTitle')}
      subTitle={missing ? t('products.vipMissingText') : t('products.vipUnknownText', { code: goodsCode })}
      extra={
        <Button type="primary" onClick={() => navigate(paths.products.getHref())} data-testid="vip-to-products">
          {t('products.vipToProducts')}
        </Button>
      }
      data-testid={missing ? 'vip-missing' : 'vip-unknown'}
      style={{ padding: '24px 0' }}
    />
  );
}
