/** /details_info: gender, year of birth, industry and highest education of the trade account. */
import { calls } from '@ac/protocol/calls';
import type { TSaveDetailsRequest } from '@ac/protocol/trade';
import { App, Button, Card, Form, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/form-error';
import { useUserDetail } from '@/lib/session/user-detail';
import { useTradeCall } from '../api/trade-account';
import { degreeOptions, industryOptions } from '../components/trade-options';
import { TradePage } from '../components/trade-page';
import { YearSelect } from '../components/year-select';

type Values = {
  sex: 0 | 1 | 2;
  birthYear?: number;
  industry?: TSaveDetailsRequest['industry'];
  educationLevel?: TSaveDetailsRequest['educationLevel'];
};

export function DetailsInfoPage() {
  const { t } = useTranslation('trade');
  const { message } = App.useApp();
  const detail = useUserDetail();
  const save = useTradeCall(calls.trade.saveDetails);
  const submit = (v: Values) =>
    save.mutate(
      {
        sex: v.sex,
        birthYear: v.birthYear ?? null,
        industry: v.industry ?? null,
        educationLevel: v.educationLevel ?? null,
      },
      { onSuccess: () => void message.success(t('trade.saved')) },
    );

  return (
    <TradePage title={t('trade.detailsInfoTitle')} description={t('trade.detailsInfoDescription')}>
      {(account) => (
        <Card>
          <Form<Values>
            name="details"
            layout="vertical"
            style={{ maxWidth: 520 }}
            onFinish={submit}
            initialValues={{
              sex: (detail.data?.sex ?? 0) as Values['sex'],
              birthYear: account.birthYear ?? undefined,
              industry: account.industry ?? undefined,
              educationLevel: account.educationLevel ?? undefined,
            }}
          >
            <FormError error={save.error} />
            <Form.Item name="sex" label={t('trade.sex')}>
              <Radio.Group
                options={[
                  { value: 1, label: t('trade.sexMale') },
                  { value: 2, label: t('trade.sexFemale') },
                  { value: 0, label: t('trade.sexUnknown') },
                ]}
              />
            </Form.Item>
            <Form.Item name="birthYear" label={t('trade.birthYear')}>
              <YearSelect allowClear placeholder={t('trade.notSet')} />
            </Form.Item>
            <Form.Item name="industry" label={t('trade.industry')}>
              <Select allowClear placeholder={t('trade.notSet')} options={industryOptions(t)} />
            </Form.Item>
            <Form.Item name="educationLevel" label={t('trade.educationLevel')}>
              <Select allowClear placeholder={t('trade.notSet')} options={degreeOptions(t)} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('trade.save')}
            </Button>
          </Form>
        </Card>
      )}
    </TradePage>
  );
}
