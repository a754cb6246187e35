/** /education: the education history, newest graduation first; add in a dialog, delete after confirmation. */
import { calls } from '@ac/protocol/calls';
import type { TSaveEducationRequest } from '@ac/protocol/trade';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { requiredRules } from '@/lib/forms/zod-rule';
import { EntryListPage } from '../components/entry-list-page';
import { degreeKey, degreeOptions } from '../components/trade-options';
import { YearSelect } from '../components/year-select';

export function EducationPage() {
  const { t } = useTranslation('trade');
  return (
    <EntryListPage
      title={t('trade.educationTitle')}
      description={t('trade.educationDescription')}
      addLabel={t('trade.addEducation')}
      name="education"
      rowsOf={(account) => account.educations}
      columns={[
        { title: t('trade.school'), dataIndex: 'school' },
        { title: t('trade.major'), dataIndex: 'major' },
        { title: t('trade.degree'), dataIndex: 'degree', render: (d: string) => t(degreeKey(d)) },
        { title: t('trade.graduationYear'), dataIndex: 'graduationYear' },
      ]}
      labelOf={(row) => row.school}
      saveCall={calls.trade.saveEducation}
      toPayload={(values: TSaveEducationRequest) => values}
      deleteCall={calls.trade.deleteEducation}
    >
      <Form.Item name="school" label={t('trade.school')} rules={requiredRules(t('trade.schoolRequired'))}>
        <Input maxLength={128} />
      </Form.Item>
      <Form.Item name="major" label={t('trade.major')} rules={requiredRules(t('trade.majorRequired'))}>
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
        <YearSelect />
      </Form.Item>
    </EntryListPage>
  );
}
