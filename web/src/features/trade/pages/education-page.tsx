/** /education: the education history, newest graduation first; add in a dialog, delete after confirmation. */
import { calls } from '@ac/protocol/calls';
import type { TEducation, TSaveEducationRequest } from '@ac/protocol/trade';
import { App, Button, Card, Form, Input, Select, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { scrollWhenRows } from '@/components/table-scroll';
import { useErrorText } from '@/components/use-error-text';
import { useTradeCall } from '../api/trade-account';
import { DeleteEntryButton } from '../components/delete-entry-button';
import { EntryModal } from '../components/entry-modal';
import { degreeKey, degreeOptions, yearSelectOptions } from '../components/trade-options';
import { TradePage } from '../components/trade-page';

export function EducationPage() {
  const { t } = useTranslation('trade');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<TSaveEducationRequest>();
  const save = useTradeCall(calls.trade.saveEducation);
  const remove = useTradeCall(calls.trade.deleteEducation);

  const submit = (values: TSaveEducationRequest) =>
    save.mutate(values, {
      onSuccess: () => {
        setOpen(false);
        void message.success(t('trade.saved'));
      },
    });
  const del = (row: TEducation) =>
    remove.mutateAsync({ id: row.id }).then(
      () => void message.success(t('trade.deleted')),
      (e: unknown) => void message.error(errorText(e)),
    );

  return (
    <TradePage
      title={t('trade.educationTitle')}
      description={t('trade.educationDescription')}
      extra={() => (
        <Button
          type="primary"
          onClick={() => {
            save.reset();
            setOpen(true);
          }}
        >
          {t('trade.addEducation')}
        </Button>
      )}
    >
      {(account) => (
        <Card>
          <Table<TEducation>
            rowKey="id"
            dataSource={account.educations}
            pagination={false}
            scroll={scrollWhenRows(account.educations)}
            columns={[
              { title: t('trade.school'), dataIndex: 'school' },
              { title: t('trade.major'), dataIndex: 'major' },
              { title: t('trade.degree'), dataIndex: 'degree', render: (d: string) => t(degreeKey(d)) },
              { title: t('trade.graduationYear'), dataIndex: 'graduationYear' },
              {
                title: t('trade.actions'),
                key: 'actions',
                render: (_, row) => <DeleteEntryButton label={row.school} onConfirm={() => del(row)} />,
              },
            ]}
          />
          <EntryModal<TSaveEducationRequest>
            open={open}
            title={t('trade.addEducation')}
            name="education"
            form={form}
            pending={save.isPending}
            error={save.error}
            onSubmit={submit}
            onClose={() => setOpen(false)}
          >
            <Form.Item
              name="school"
              label={t('trade.school')}
              rules={[{ required: true, whitespace: true, message: t('trade.schoolRequired') }]}
            >
              <Input maxLength={128} />
            </Form.Item>
            <Form.Item
              name="major"
              label={t('trade.major')}
              rules={[{ required: true, whitespace: true, message: t('trade.majorRequired') }]}
            >
              <Input maxLength={128} />
            </Form.Item>
            <Form.Item
              name="degree"
              label={t('trade.degree')}
              rules={[{ required: true, message: t('trade.degreeRequired') }]}
            >
              <Select options={degreeOptions(t)} />
            </Form.Item>
            <Form.Item
              name="graduationYear"
              label={t('trade.graduationYear')}
              rules={[{ required: true, message: t('trade.graduationYearRequired') }]}
            >
              <Select options={yearSelectOptions()} showSearch={{ optionFilterProp: 'label' }} />
            </Form.Item>
          </EntryModal>
        </Card>
      )}
    </TradePage>
  );
}
