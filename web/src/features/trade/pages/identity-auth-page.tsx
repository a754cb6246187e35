/**
 * /auth: identity verification, once — real name and resident ID number
 * (checked with its GB 11643 check digit before sending); afterwards both
 * are shown masked.
 */
import { calls } from '@ac/protocol/calls';
import { type TSaveAuthenticationRequest, ZSaveAuthenticationRequest } from '@ac/protocol/trade';
import { Alert, App, Button, Card, Descriptions, Form, Input, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/form-error';
import { formatDateTime } from '@/lib/format/date';
import { requiredRules } from '@/lib/forms/zod-rule';
import { useTradeCall } from '../api/trade-account';
import { TradePage } from '../components/trade-page';

const { realName, idNumber } = ZSaveAuthenticationRequest.shape;

export function IdentityAuthPage() {
  const { t } = useTranslation('trade');
  const { message } = App.useApp();
  const save = useTradeCall(calls.trade.saveAuthentication);
  const submit = (v: TSaveAuthenticationRequest) =>
    save.mutate(v, { onSuccess: () => void message.success(t('trade.identityVerified')) });

  return (
    <TradePage title={t('trade.identityAuthTitle')} description={t('trade.identityAuthDescription')}>
      {({ identity }) =>
        identity ? (
          <Card>
            <Result status="success" title={t('trade.identityVerified')} style={{ paddingBottom: 8 }} />
            <Descriptions
              column={1}
              bordered
              size="small"
              items={[
                { key: 'name', label: t('trade.realName'), children: identity.realName },
                {
                  key: 'id',
                  label: t('trade.idNumber'),
                  children: <span data-testid="masked-id">{identity.idNumber}</span>,
                },
                { key: 'at', label: t('trade.verifiedAt'), children: formatDateTime(identity.verifiedAt) },
              ]}
            />
          </Card>
        ) : (
          <Card>
            <Alert type="info" showIcon title={t('trade.identityNote')} style={{ marginBottom: 16, maxWidth: 520 }} />
            <Form<TSaveAuthenticationRequest>
              name="identity"
              layout="vertical"
              style={{ maxWidth: 520 }}
              onFinish={submit}
            >
              <FormError error={save.error} />
              <Form.Item
                name="realName"
                label={t('trade.realName')}
                rules={requiredRules(t('trade.realNameRule'), realName)}
              >
                <Input maxLength={20} autoComplete="name" />
              </Form.Item>
              <Form.Item
                name="idNumber"
                label={t('trade.idNumber')}
                rules={requiredRules(t('trade.idNumberRule'), idNumber)}
              >
                <Input maxLength={18} autoComplete="off" />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                {t('trade.verify')}
              </Button>
            </Form>
          </Card>
        )
      }
    </TradePage>
  );
}
