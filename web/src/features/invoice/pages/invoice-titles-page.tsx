/** /invoice/title: my saved invoice titles; edit, delete, make one the default, add one. */
import { calls } from '@ac/protocol/calls';
import type { TInvoiceTitle } from '@ac/protocol/invoice';
import { App, Button, Card, Popconfirm, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { ScrollRegion } from '@/components/scroll-region';
import { useErrorText } from '@/components/use-error-text';
import { paths } from '@/config/paths';
import { useCall, useCallMutation } from '@/lib/api/use-call';

export function InvoiceTitlesPage() {
  const { t } = useTranslation('invoice');
  const navigate = useNavigate();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const titles = useCall(calls.invoice.titles, {});
  const remove = useCallMutation(calls.invoice.deleteTitle, { invalidates: [calls.invoice.titles] });
  const makeDefault = useCallMutation(calls.invoice.setDefaultTitle, { invalidates: [calls.invoice.titles] });
  const done = {
    onSuccess: () => message.success(t('invoice.saved')),
    onError: (e: unknown) => message.error(errorText(e)),
  };

  return (
    <>
      <PageHeader
        title={t('invoice.titleTitle')}
        description={t('invoice.titleDescription')}
        extra={
          <Button type="primary" onClick={() => navigate(paths.invoiceAddTitle.path)}>
            {t('invoice.addTitleTitle')}
          </Button>
        }
      />
      <Card>
        <QueryErrorAlert query={titles} />
        <ScrollRegion label={t('invoice.titleTitle')} testId="invoice-titles-table">
          <Table<TInvoiceTitle>
            rowKey="id"
            dataSource={titles.data?.rows}
            loading={titles.isFetching}
            pagination={false}
            scroll={{ x: 760 }}
            locale={{ emptyText: t('invoice.titlesEmpty') }}
            columns={[
              {
                title: t('invoice.titleName'),
                key: 'name',
                render: (_, row) => (
                  <Space>
                    {row.name}
                    {row.isDefault ? <Tag color="blue">{t('invoice.default')}</Tag> : null}
                  </Space>
                ),
              },
              {
                title: t('invoice.titleKind'),
                key: 'kind',
                render: (_, row) => (row.kind === 'company' ? t('invoice.kindCompany') : t('invoice.kindPersonal')),
              },
              { title: t('invoice.taxNo'), key: 'taxNo', render: (_, row) => row.taxNo || '—' },
              {
                title: t('invoice.actions'),
                key: 'actions',
                render: (_, row) => (
                  <Space wrap>
                    <Link to={`${paths.invoiceAddTitle.path}?id=${row.id}`}>{t('invoice.edit')}</Link>
                    {row.isDefault ? null : (
                      <Button type="link" size="small" onClick={() => makeDefault.mutate({ id: row.id }, done)}>
                        {t('invoice.setDefault')}
                      </Button>
                    )}
                    <Popconfirm
                      title={t('invoice.deleteConfirm', { name: row.name })}
                      okText={t('invoice.delete')}
                      cancelText={t('invoice.cancel')}
                      onConfirm={() => remove.mutateAsync({ id: row.id }, done).catch(() => undefined)}
                    >
                      <Button type="link" size="small" danger>
                        {t('invoice.delete')}
                      </Button>
                    </Popconfirm>
                  </Space>
                ),
              },
            ]}
          />
        </ScrollRegion>
      </Card>
    </>
  );
}
