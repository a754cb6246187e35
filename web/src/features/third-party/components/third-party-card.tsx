/** One provider of the region: its brand name, bound account and the bind / unbind action. */
import type { TBindThirdPartyRow } from '@ac/protocol/third-party';
import { thirdPartyNames } from '@ac/protocol/third-party';
import { Avatar, Button, Card, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format/date';

type Props = {
  row: TBindThirdPartyRow;
  busy: boolean;
  onBind: () => void;
  onUnbind: () => void;
};

export function ThirdPartyCard({ row, busy, onBind, onUnbind }: Props) {
  const { t } = useTranslation('security');
  const name = thirdPartyNames[row.type];
  return (
    <Card size="small" data-testid={`third-party-${row.type}`}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Flex gap={12} align="center" style={{ minWidth: 0 }}>
          {/* a long bound name wraps beside it: the avatar keeps its size */}
          <Avatar src={row.favicon || undefined} alt="" style={{ flexShrink: 0 }}>
            {name.slice(0, 1)}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <Typography.Text strong>{name}</Typography.Text>{' '}
            {row.bound ? <Tag color="green">{t('security.bound')}</Tag> : <Tag>{t('security.notBound')}</Tag>}
            <div>
              <Typography.Text type="secondary">
                {row.bound
                  ? t('security.boundAs', { name: row.name ?? name, time: formatDateTime(row.bindTime) })
                  : row.available
                    ? t('security.bindHint', { name })
                    : t('security.unavailable')}
              </Typography.Text>
            </div>
          </div>
        </Flex>
        {row.bound ? (
          <Button danger onClick={onUnbind} loading={busy} aria-label={t('security.unbindNamed', { name })}>
            {t('security.unbind')}
          </Button>
        ) : (
          <Button
            type="primary"
            onClick={onBind}
            loading={busy}
            disabled={!row.available}
            aria-label={t('security.bindNamed', { name })}
          >
            {t('security.bind')}
          </Button>
        )}
      </Flex>
    </Card>
  );
}
