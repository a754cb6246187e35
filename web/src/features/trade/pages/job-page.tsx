/** /job: the work experience, newest first; add in a dialog, delete after confirmation. */
import { calls } from '@ac/protocol/calls';
import type { TJob, TSaveJobRequest } from '@ac/protocol/trade';
import { App, Button, Card, Form, Input, Select, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { scrollWhenRows } from '@/components/table-scroll';
import { useErrorText } from '@/components/use-error-text';
import { useTradeCall } from '../api/trade-account';
import { DeleteEntryButton } from '../components/delete-entry-button';
import { EntryModal } from '../components/entry-modal';
import { yearSelectOptions } from '../components/trade-options';
import { TradePage } from '../components/trade-page';

type Values = Omit<TSaveJobRequest, 'endYear'> & { endYear?: number };

export function JobPage() {
  const { t } = useTranslation('trade');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<Values>();
  const save = useTradeCall(calls.trade.saveWork);
  const remove = useTradeCall(calls.trade.deleteWork);

  const submit = (v: Values) =>
    save.mutate(
      { ...v, endYear: v.endYear ?? null },
      {
        onSuccess: () => {
          setOpen(false);
          void message.success(t('trade.saved'));
        },
      },
    );
  const del = (row: TJob) =>
    remove.mutateAsync({ id: row.id }).then(
      () => void message.success(t('trade.deleted')),
      (e: unknown) => void message.error(errorText(e)),
    );

  return (
    <TradePage
      title={t('trade.jobTitle')}
      description={t('trade.jobDescription')}
      extra={() => (
        <Button
          type="primary"
          onClick={() => {
            save.reset();
            setOpen(true);
          }}
        >
          {t('trade.addJob')}
        </Button>
      )}
    >
      {(account) => (
        <Card>
          <Table<TJob>
            rowKey="id"
            dataSource={account.jobs}
            pagination={false}
            scroll={scrollWhenRows(account.jobs)}
            columns={[
              { title: t('trade.company'), dataIndex: 'company' },
              { title: t('trade.position'), dataIndex: 'position' },
              {
                title: t('trade.period'),
                key: 'period',
                render: (_, row) => `${row.startYear} – ${row.endYear ?? t('trade.untilNow')}`,
              },
              {
                title: t('trade.actions'),
                key: 'actions',
                render: (_, row) => <DeleteEntryButton label={row.company} onConfirm={() => del(row)} />,
              },
            ]}
          />
          <EntryModal<Values>
            open={open}
            title={t('trade.addJob')}
            name="job"
            form={form}
            pending={save.isPending}
            error={save.error}
            onSubmit={submit}
            onClose={() => setOpen(false)}
          >
            <Form.Item
              name="company"
              label={t('trade.company')}
              rules={[{ required: true, whitespace: true, message: t('trade.companyRequired') }]}
            >
              <Input maxLength={128} />
            </Form.Item>
            <Form.Item
              name="position"
              label={t('trade.position')}
              rules={[{ required: true, whitespace: true, message: t('trade.positionRequired') }]}
            >
              <Input maxLength={64} />
            </Form.Item>
            <Form.Item
              name="startYear"
              label={t('trade.startYear')}
              rules={[{ required: true, message: t('trade.startYearRequired') }]}
            >
              <Select options={yearSelectOptions()} showSearch={{ optionFilterProp: 'label' }} />
            </Form.Item>
            <Form.Item
              name="endYear"
              label={t('trade.endYear')}
              dependencies={['startYear']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_r, end?: number) =>
                    end === undefined || end >= (getFieldValue('startYear') ?? 0)
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('trade.endBeforeStart'))),
                }),
              ]}
            >
              <Select
                allowClear
                placeholder={t('trade.untilNow')}
                options={yearSelectOptions()}
                showSearch={{ optionFilterProp: 'label' }}
              />
            </Form.Item>
          </EntryModal>
        </Card>
      )}
    </TradePage>
  );
}
