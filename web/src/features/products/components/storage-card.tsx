/** Cloud storage use (userInfo.storage, in bytes) as a bar with the figures. */

import type { TStorage } from '@ac/protocol/session';
import { CloudOutlined } from '@ant-design/icons';
import { Card, Descriptions, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@/lib/format/bytes';
import { CardTitle } from './card-title';

export function StorageCard({ storage }: { storage: TStorage }) {
  const { t, i18n } = useTranslation('products');
  const bytes = (n: number) => formatBytes(n, i18n.language);
  const percent = storage.total > 0 ? Math.min(100, Math.round((storage.used / storage.total) * 1000) / 10) : 0;
  return (
    <Card
      title={<CardTitle icon={<CloudOutlined aria-hidden />}>{t('products.storageTitle')}</CardTitle>}
      data-testid="storage-card"
      style={{ height: '100%' }}
    >
      <Typography.Paragraph style={{ marginBottom: 4 }}>
        {t('products.storageUsage', { used: bytes(storage.used), total: bytes(storage.total) })}
      </Typography.Paragraph>
      <Progress
        percent={percent}
        status={percent >= 90 ? 'exception' : 'normal'}
        aria-label={t('products.storageTitle')}
        strokeColor={percent >= 90 ? undefined : '#0958d9'}
      />
      <Descriptions column={2} size="small" style={{ marginTop: 8 }}>
        <Descriptions.Item label={t('products.storageSurplus')}>{bytes(storage.surplus)}</Descriptions.Item>
        <Descriptions.Item label={t('products.storageFree')}>{bytes(storage.free)}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
