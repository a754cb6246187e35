/** Overseas registration: name, email, password and confirmation, region, terms and optional offers consent. */

import { errorCode } from '@ac/client';
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { ZEmail } from '@ac/protocol/common';
import { Button, Checkbox, Form, Input, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactField } from '@/components/contact-field';
import { FormError } from '@/components/form-error';
import { NewPasswordFields } from '@/components/new-password-fields';
import { useCallMutation } from '@/lib/api/use-call';
import { countryOptions } from '@/lib/format/country';
import { useDictionary } from '@/lib/session/dictionary';
import { withBusinessSource } from '@/lib/tracked-params';
import { TermsField } from './terms-field';

type Values = { name: string; email: string; password: string; region: string; agree: boolean; subscribe?: boolean };
type Props = { onRegistered: (email: string) => void; onOtherNode: (email: string) => void };

export function EmailRegisterForm({ onRegistered, onOtherNode }: Props) {
  const { t, i18n } = useTranslation('register');
  const register = useCallMutation(calls.registration.registerByEmail);
  const dictionary = useDictionary();
  const regions = useMemo(
    () => countryOptions(dictionary.data?.countries ?? [], i18n.language),
    [dictionary.data, i18n.language],
  );

  const submit = (v: Values) => {
    const email = ZEmail.parse(v.email);
    register.mutate(
      withBusinessSource({
        name: v.name.trim(),
        email,
        password: v.password,
        region: v.region,
        agree: v.agree,
        subscribe: !!v.subscribe,
      }),
      {
        onSuccess: () => onRegistered(email),
        onError: (error) => {
          if (errorCode(error) === Code.accountOnOtherNode) onOtherNode(email);
        },
      },
    );
  };

  return (
    <Form<Values>
      name="register"
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      disabled={register.isPending}
    >
      <FormError error={register.error} />
      <Form.Item
        name="name"
        label={t('register.name')}
        rules={[{ required: true, whitespace: true, message: t('register.nameRequired') }, { max: 64 }]}
      >
        <Input autoComplete="name" />
      </Form.Item>
      <ContactField kind="email" />
      <NewPasswordFields labels="first" />
      <Form.Item
        name="region"
        label={t('register.region')}
        rules={[{ required: true, message: t('register.regionRequired') }]}
      >
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={regions}
          loading={dictionary.isPending}
          placeholder={t('register.regionPlaceholder')}
          data-testid="register-region"
        />
      </Form.Item>
      <TermsField />
      <Form.Item name="subscribe" valuePropName="checked">
        <Checkbox>{t('register.subscribe')}</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={register.isPending}>
        {t('register.submit')}
      </Button>
    </Form>
  );
}
