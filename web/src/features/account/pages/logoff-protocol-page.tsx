/** The account cancellation agreement (public page, outside the shell). */
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';

const SECTIONS = [1, 2, 3, 4, 5, 6] as const;

export function LogoffProtocolPage() {
  const { t } = useTranslation('security');
  return (
    <div style={{ maxWidth: 800, margin: '0 auto' }}>
      <PageHeader title={t('security.logoffProtocolTitle')} description={t('security.logoffProtocolDescription')} />
      <Card>
        <Typography data-testid="logoff-protocol">
          <Typography.Paragraph>{t('security.protocolIntro')}</Typography.Paragraph>
          {SECTIONS.map((n) => (
            <section key={n}>
              <Typography.Title level={2} style={{ fontSize: 16 }}>
                {t(`security.protocolHeading${n}`)}
              </Typography.Title>
              <Typography.Paragraph>{t(`security.protocolText${n}`)}</Typography.Paragraph>
            </section>
          ))}
        </Typography>
      </Card>
    </div>
  );
}
