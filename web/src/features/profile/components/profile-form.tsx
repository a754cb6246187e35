/**
 * The editable profile: nickname, email and mobile (a changed one needs the
 * code sent to the new address), location, company and position. When the
 * login is older than 15 minutes the server asks (1100021) to confirm it's
 * the user before an address moves: the current password, or a code sent to
 * the current address.
 */

import { errorCode } from '@ac/client';
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { normalizeMobile, ZEmail, ZMobile } from '@ac/protocol/common';
import { formatMobile } from '@ac/protocol/mobile-display';
import { reauthAddress, type TProfileRequest, type TUserDetail } from '@ac/protocol/profile';
import { Alert, App, Button, Form, Input, Radio, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeField } from '@/components/code-field';
import { FormError } from '@/components/form-error';
import { useSecondFactorRetry } from '@/components/second-factor-modal';
import { useCallMutation } from '@/lib/api/use-call';
import { countryOptions } from '@/lib/format/country';
import { zodRule } from '@/lib/forms/zod-rule';
import { useDictionary } from '@/lib/session/dictionary';

type Values = {
  nickName: string;
  email?: string;
  emailCode?: string;
  mobile?: string;
  mobileCode?: string;
  location?: string;
  company?: string;
  position?: string;
  password?: string;
  currentCode?: string;
};

type Proof = 'password' | 'code';

const changed = (value: string | undefined, now: string | null) =>
  Boolean(value?.trim()) && value?.trim() !== (now ?? '');
/** The field shows the number as people write it (`138 0000 0000`); it changed when its E.164 form did. */
const mobileChangedFrom = (value: string | undefined, now: string | null) =>
  changed(value && (normalizeMobile(value) ?? value), now);

export function ProfileForm({ detail }: { detail: TUserDetail }) {
  const { t, i18n } = useTranslation(['profile', 'common']);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const update = useCallMutation(calls.profile.update, {
    invalidates: [calls.profile.getUserDetail, calls.session.userInfo],
  });
  const secondFactor = useSecondFactorRetry();
  const dictionary = useDictionary();
  const email = Form.useWatch('email', form);
  const mobile = Form.useWatch('mobile', form);
  const locations = useMemo(
    () => countryOptions(dictionary.data?.countries ?? [], i18n.language),
    [dictionary.data, i18n.language],
  );
  const emailChanged = changed(email, detail.email);
  const mobileChanged = mobileChangedFrom(mobile, detail.mobile);
  const [reauth, setReauth] = useState(false);
  const current = reauthAddress(detail, emailChanged ? 'email' : 'mobile');
  const [proof, setProof] = useState<Proof>(detail.hasPassword ? 'password' : 'code');
  const confirming = reauth && (emailChanged || mobileChanged);
  const targetOf = (field: 'email' | 'mobile') => () =>
    form
      .validateFields([field])
      .then((v) => v[field])
      .catch(() => undefined);

  const submit = (v: Values) => {
    const payload: TProfileRequest = {
      nickName: v.nickName.trim(),
      location: v.location ?? '',
      company: v.company?.trim() ?? '',
      position: v.position?.trim() ?? '',
      ...(emailChanged ? { email: v.email?.trim(), emailCode: v.emailCode?.trim() } : {}),
      ...(mobileChanged ? { mobile: v.mobile?.trim(), mobileCode: v.mobileCode?.trim() } : {}),
      ...(confirming && proof === 'password' ? { password: v.password } : {}),
      ...(confirming && proof === 'code' ? { currentCode: v.currentCode?.trim() } : {}),
    };
    update.mutate(payload, {
      onSuccess: () => {
        form.setFieldsValue({
          emailCode: undefined,
          mobileCode: undefined,
          password: undefined,
          currentCode: undefined,
        });
        setReauth(false);
        void message.success(t('profile.saved'));
      },
      onError: (error) => {
        if (secondFactor.onError(error, () => submit(v))) return;
        if (errorCode(error) === Code.reauthRequired) setReauth(true);
      },
    });
  };

  const confirmStep = (
    <div data-testid="profile-reauth">
      <Alert type="info" showIcon message={t('profile.reauthTitle')} description={t('profile.reauthHint')} />
      <Form.Item label={t('profile.reauthBy')} style={{ marginTop: 16 }}>
        <Radio.Group value={proof} onChange={(e) => setProof(e.target.value as Proof)}>
          {detail.hasPassword ? <Radio value="password">{t('profile.reauthPassword')}</Radio> : null}
          {current ? (
            <Radio value="code">
              {t('profile.reauthCode', {
                target: current.channel === 'sms' ? formatMobile(current.target) : current.target,
              })}
            </Radio>
          ) : null}
        </Radio.Group>
      </Form.Item>
      {proof === 'password' ? (
        <Form.Item
          name="password"
          label={t('profile.currentPassword')}
          rules={[{ required: true, message: t('profile.currentPasswordRequired') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
      ) : current ? (
        <CodeField
          name="currentCode"
          inputId="profile_currentCode"
          label={t('profile.currentCode')}
          channel={current.channel}
          purpose="verifyCurrent"
          getTarget={() => current.target}
          testId="currentCode-send"
        />
      ) : null}
    </div>
  );

  const codeItem = (name: 'emailCode' | 'mobileCode', label: string, channel: 'email' | 'sms') => (
    <CodeField
      name={name}
      inputId={`profile_${name}`}
      label={label}
      channel={channel}
      purpose={channel === 'email' ? 'bindEmail' : 'bindMobile'}
      getTarget={targetOf(channel === 'email' ? 'email' : 'mobile')}
      testId={`${name}-send`}
    />
  );

  return (
    <Form<Values>
      form={form}
      name="profile"
      layout="vertical"
      style={{ maxWidth: 520 }}
      onFinish={submit}
      initialValues={{
        nickName: detail.nickName,
        email: detail.email ?? undefined,
        mobile: detail.mobile ? formatMobile(detail.mobile) : undefined,
        location: detail.location ?? undefined,
        company: detail.company ?? undefined,
        position: detail.position ?? undefined,
      }}
    >
      {confirming ? null : <FormError error={update.error} />}
      <Form.Item label={t('profile.account')} htmlFor="profile_account">
        <Input id="profile_account" value={formatMobile(detail.name)} disabled />
      </Form.Item>
      <Form.Item
        name="nickName"
        label={t('profile.nickname')}
        rules={[{ required: true, whitespace: true, message: t('profile.nicknameRequired') }, { max: 64 }]}
      >
        <Input maxLength={64} autoComplete="nickname" />
      </Form.Item>
      <Form.Item name="email" label={t('profile.email')} rules={[zodRule(ZEmail, t('profile.emailFormat'))]}>
        <Input inputMode="email" autoComplete="email" />
      </Form.Item>
      {emailChanged ? codeItem('emailCode', t('profile.emailCode'), 'email') : null}
      <Form.Item name="mobile" label={t('profile.mobile')} rules={[zodRule(ZMobile, t('profile.mobileFormat'))]}>
        <Input inputMode="tel" autoComplete="tel" />
      </Form.Item>
      {mobileChanged ? codeItem('mobileCode', t('profile.mobileCode'), 'sms') : null}
      <Form.Item name="location" label={t('profile.location')}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          allowClear
          options={locations}
          loading={dictionary.isPending}
        />
      </Form.Item>
      <Form.Item name="company" label={t('profile.company')} rules={[{ max: 128 }]}>
        <Input maxLength={128} autoComplete="organization" />
      </Form.Item>
      <Form.Item name="position" label={t('profile.position')} rules={[{ max: 64 }]}>
        <Input maxLength={64} autoComplete="organization-title" />
      </Form.Item>
      {confirming ? confirmStep : null}
      {confirming && errorCode(update.error) !== Code.reauthRequired ? <FormError error={update.error} /> : null}
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        {t('common.save')}
      </Button>
      {secondFactor.modal}
    </Form>
  );
}
