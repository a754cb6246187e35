/** A copy of the member's data, mailed as a single-use link (main shell, Privacy card). */
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDataExport } from '../api/use-data-export';

export function DataExport() {
  const { t } = useTranslation('profile');
  const { status, request, pending, line } = useDataExport();
  return (
    <section aria-labelledby="data-export-title" data-testid="data-export">
      <h3 id="data-export-title" style={{ fontSize: 15, margin: '0 0 4px' }}>
        {t('profile.exportTitle')}
      </h3>
      <p className="plain-paragraph" style={{ color: 'rgba(0,0,0,0.55)', fontSize: 13, marginTop: 0 }}>
        {t('profile.exportHint')}
      </p>
      {line ? (
        <p role="status" data-testid="data-export-status" style={{ marginTop: 0 }}>
          {line}
        </p>
      ) : null}
      <Button
        onClick={request}
        loading={pending}
        disabled={!status.data || status.data.status === 'pending' || Boolean(status.data.nextAllowedAt)}
      >
        {t('profile.exportRequest')}
      </Button>
    </section>
  );
}
