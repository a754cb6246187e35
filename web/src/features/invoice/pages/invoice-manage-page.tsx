/** /invoice_manage: the way into the invoice area from the side menu. */
import { Button, Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';

const entries = [
  { path: paths.invoiceOrder.path, title: 'invoice.navOrder', text: 'invoice.orderDescription' },
  { path: paths.invoiceRecord.path, title: 'invoice.navRecord', text: 'invoice.recordDescription' },
  { path: paths.invoiceTitle.path, title: 'invoice.navTitle', text: 'invoice.titleDescription' },
  { path: paths.invoiceNotice.path, title: 'invoice.navNotice', text: 'invoice.noticeDescription' },
] as const;

export function InvoiceManagePage() {
  const { t } = useTranslation('invoice');
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={t('invoice.manageTitle')} description={t('invoice.manageDescription')} />
      <Row gutter={[16, 16]}>
        {entries.map((e) => (
          <Col key={e.path} xs={24} md={12}>
            <Card title={t(e.title)} style={{ height: '100%' }}>
              <Typography.Paragraph type="secondary">{t(e.text)}</Typography.Paragraph>
              <Button type="primary" onClick={() => navigate(e.path)}>
                {t('invoice.open')}
              </Button>
            </Card>
          </Col>
        ))}
      </Row>
    </>
  );
}
