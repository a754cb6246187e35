/** Cloud storage use (userInfo.storage, in bytes) as a bar with the figures: used, remaining, total, free; over the quota. */

import type { TStorage } from '@ac/protocol/session';
import { CloseCircleFilled, CloudOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@/lib/format/bytes';
import { Descriptions } from './descriptions';
import { PlainCard } from './plain-card';

/** At or above this share the bar turns red (antd's "exception" status). */
const FULL_PERCENT = 90;

export function StorageCard({ storage }: { storage: TStorage }) {
  const { t, i18n } = useTranslation('products');
  const bytes = (n: number) => formatBytes(n, i18n.language);
  const percent = storage.total > 0 ? Math.min(100, Math.round((storage.used / storage.total) * 1000) / 10) : 0;
  const full = percent >= FULL_PERCENT;
  // the cloud storage service reports the real usage, which can pass the quota (after a membership
  // or the storage package ended): the server says so (overQuota)
  const over = storage.used - storage.total;
  return (
    <PlainCard title={t('products.storageTitle')} icon={<CloudOutlined aria-hidden />} testId="storage-card">
      <p className="plain-paragraph" style={{ marginBottom: 4 }}>
        {t('products.storageUsage', { used: bytes(storage.used), total: bytes(storage.total) })}
      </p>
      <div
        className={`plain-progress${full ? ' plain-progress-full' : ''}`}
        role="progressbar"
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-label={t('products.storageTitle')}
      >
        <div className="plain-progress-rail">
          <div className="plain-progress-track" style={{ width: `${percent}%` }} />
        </div>
        <span className="plain-progress-indicator">{full ? <CloseCircleFilled aria-hidden /> : `${percent}%`}</span>
      </div>
      {storage.overQuota && over > 0 && (
        <p className="plain-storage-over" role="status" data-testid="storage-over">
          {t('products.storageOver', { over: bytes(over) })}
        </p>
      )}
      <div style={{ marginTop: 8 }}>
        <Descriptions
          inline
          items={[
            { label: t('products.storageSurplus'), value: bytes(storage.surplus) },
            {
              label: t('products.storageTotal'),
              value: <span data-testid="storage-total">{bytes(storage.total)}</span>,
            },
            { label: t('products.storageFree'), value: bytes(storage.free) },
          ]}
        />
      </div>
    </PlainCard>
  );
}
