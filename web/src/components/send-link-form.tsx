/** One email field and a button that mails a link to it (password reset, account activation). */
import { ZEmail } from '@ac/protocol/common';
import { Button, Form } from 'antd';
import { ContactField } from './contact-field';
import { FormError } from './form-error';

type SendMutation = {
  mutate: (payload: { email: string }, options: { onSuccess: () => void }) => void;
  error: unknown;
  isPending: boolean;
};

type Props = {
  /** The form's name (the prefix of its field ids). */
  name: string;
  send: SendMutation;
  submitLabel: string;
  size?: 'large';
  /** The address the link went to. */
  onSent: (email: string) => void;
};

export function SendLinkForm({ name, send, submitLabel, size, onSent }: Props) {
  const submit = ({ email }: { email: string }) => {
    const address = ZEmail.parse(email);
    send.mutate({ email: address }, { onSuccess: () => onSent(address) });
  };
  return (
    <Form<{ email: string }> name={name} layout="vertical" requiredMark={false} onFinish={submit}>
      <FormError error={send.error} />
      <ContactField kind="email" />
      <Button type="primary" htmlType="submit" block size={size} loading={send.isPending}>
        {submitLabel}
      </Button>
    </Form>
  );
}
