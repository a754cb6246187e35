/** A required email or mobile number field (form field `email` / `mobile`) checked against the protocol's format. */
import { ZEmail, ZMobile } from '@ac/protocol/common';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '@/lib/forms/zod-rule';

export function ContactField({ kind }: { kind: 'email' | 'mobile' }) {
  const { t } = useTranslation('common');
  const email = kind === 'email';
  return (
    <Form.Item
      name={kind}
      label={email ? t('common.email') : t('common.mobile')}
      rules={[
        { required: true, whitespace: true, message: email ? t('common.emailRequired') : t('common.mobileRequired') },
        zodRule(email ? ZEmail : ZMobile, t('common.wrongFormat')),
      ]}
    >
      <Input autoComplete={email ? 'email' : 'tel'} inputMode={email ? 'email' : 'tel'} />
    </Form.Item>
  );
}
