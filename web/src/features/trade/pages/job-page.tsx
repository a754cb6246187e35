/** /job: the work experience, newest first; add in a dialog, delete after confirmation. */
import { calls } from '@ac/protocol/calls';
import type { TSaveJobRequest } from '@ac/protocol/trade';
import { Form, type FormRule, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { requiredRules } from '@/lib/forms/zod-rule';
import { EntryListPage } from '../components/entry-list-page';
import { YearSelect } from '../components/year-select';

type Values = Omit<TSaveJobRequest, 'endYear'> & { endYear?: number };

export function JobPage() {
  const { t } = useTranslation('trade');
  const endNotBeforeStart: FormRule = ({ getFieldValue }) => ({
    validator: (_r, end?: number) =>
      end === undefined || end >= (getFieldValue('startYear') ?? 0)
        ? Promise.resolve()
        : Promise.reject(new Error(t('trade.endBeforeStart'))),
  });
  return (
    <EntryListPage
      title={t('trade.jobTitle')}
      description={t('trade.jobDescription')}
      addLabel={t('trade.addJob')}
      name="job"
      rowsOf={(account) => account.jobs}
      columns={[
        { title: t('trade.company'), dataIndex: 'company' },
        { title: t('trade.position'), dataIndex: 'position' },
        {
          title: t('trade.period'),
          key: 'period',
          render: (_, row) => `${row.startYear} – ${row.endYear ?? t('trade.untilNow')}`,
        },
      ]}
      labelOf={(row) => row.company}
      saveCall={calls.trade.saveWork}
      toPayload={(v: Values) => ({ ...v, endYear: v.endYear ?? null })}
      deleteCall={calls.trade.deleteWork}
    >
      <Form.Item name="company" label={t('trade.company')} rules={requiredRules(t('trade.companyRequired'))}>
        <Input maxLength={128} />
      </Form.Item>
      <Form.Item name="position" label={t('trade.position')} rules={requiredRules(t('trade.positionRequired'))}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item
        name="startYear"
        label={t('trade.startYear')}
        rules={[{ required: true, message: t('trade.startYearRequired') }]}
      >
        <YearSelect />
      </Form.Item>
      <Form.Item name="endYear" label={t('trade.endYear')} dependencies={['startYear']} rules={[endNotBeforeStart]}>
        <YearSelect allowClear placeholder={t('trade.untilNow')} />
      </Form.Item>
    </EntryListPage>
  );
}
