/**
 * China's forms by mobile: the number, an SMS code sent for `purpose` (its
 * field id `<name>_code`) and a new password, then the caller's own fields
 * and the submit button. Registration and the reset by mobile use it.
 */
import type { TCodePurpose } from '@ac/protocol/enums';
import { Button, Form } from 'antd';
import type { ReactNode } from 'react';
import { CodeField } from './code-field';
import { ContactField } from './contact-field';
import { FormError } from './form-error';
import { NewPasswordFields } from './new-password-fields';

export type MobileCodeValues = { mobile: string; code: string; password: string };

type Props<V extends MobileCodeValues> = {
  /** The form's name (the prefix of its field ids). */
  name: string;
  purpose: TCodePurpose;
  sendTestId: string;
  passwordLabels: 'new' | 'first';
  submitLabel: string;
  /** The call's state: its refusal shows above the fields, and it is pending while sent. */
  call: { error: unknown; isPending: boolean };
  /** Fields stay disabled while the call is pending. */
  disableWhilePending?: boolean;
  onFinish: (values: V) => void;
  children?: ReactNode;
};

export function MobileCodeForm<V extends MobileCodeValues>(p: Props<V>) {
  const [form] = Form.useForm<V>();
  const mobileTarget = async () => {
    try {
      return (await form.validateFields(['mobile'])).mobile;
    } catch {
      return undefined;
    }
  };
  return (
    <Form<V>
      form={form}
      name={p.name}
      layout="vertical"
      requiredMark={false}
      onFinish={p.onFinish}
      disabled={p.disableWhilePending ? p.call.isPending : undefined}
    >
      <FormError error={p.call.error} />
      <ContactField kind="mobile" />
      <CodeField
        inputId={`${p.name}_code`}
        messageUnder="input"
        channel="sms"
        purpose={p.purpose}
        getTarget={mobileTarget}
        testId={p.sendTestId}
      />
      <NewPasswordFields labels={p.passwordLabels} />
      {p.children}
      <Button
        type="primary"
        htmlType="submit"
        block
        size="large"
        loading={p.call.isPending}
        style={p.children ? { marginTop: 8 } : undefined}
      >
        {p.submitLabel}
      </Button>
    </Form>
  );
}
