/** A copy of the member's data in the mobile shell, under the consent switch. */
import { Button, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useDataExport } from '../api/use-data-export';

export function H5DataExport() {
  const { t } = useTranslation('profile');
  const { status, request, pending, line } = useDataExport();
  return (
    <List data-testid="data-export">
      <List.Item
        description={
          <>
            <div>{t('profile.exportHint')}</div>
            {line ? (
              <div role="status" data-testid="data-export-status" style={{ marginTop: 6, color: '#333' }}>
                {line}
              </div>
            ) : null}
          </>
        }
        extra={
          <Button
            size="small"
            color="primary"
            fill="outline"
            onClick={request}
            loading={pending}
            disabled={!status.data || status.data.status === 'pending' || Boolean(status.data.nextAllowedAt)}
          >
            {t('profile.exportRequestShort')}
          </Button>
        }
      >
        {t('profile.exportTitle')}
      </List.Item>
    </List>
  );
}
