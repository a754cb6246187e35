/**
 * An action's dialog: a reason (always, it goes to the audit), and the action's own fields. A
 * money action (`secondFactor`) shows a field for an authenticator code once the server asked for
 * a fresh second factor (2500010) or refused the code given (2500007).
 */
import { Code } from '@ac/protocol/codes';
import { Alert, Form, Input, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsoleError } from '../api/console-api';
import { useErrorText } from './error-text';

const ASKS_FOR_CODE: readonly string[] = [Code.staffFreshSecondFactorRequired, Code.staffSecondFactorWrong];

type Props<T> = {
  title: string;
  open: boolean;
  pending: boolean;
  error: unknown;
  onCancel: () => void;
  onSubmit: (values: T & { reason: string; secondFactorCode?: string }) => void;
  children?: ReactNode;
  danger?: boolean;
  /** A money action: the authenticator code field appears when the server asks for it. */
  secondFactor?: boolean;
  /** The fields' values when the dialog opens (an edit). */
  initialValues?: Partial<T>;
};

export function ActionDialog<T>({
  title,
  open,
  pending,
  error,
  onCancel,
  onSubmit,
  children,
  danger,
  secondFactor,
  initialValues,
}: Props<T>) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [form] = Form.useForm();
  const askCode = secondFactor && error instanceof ConsoleError && ASKS_FOR_CODE.includes(error.code);
  return (
    <Modal
      title={title}
      open={open}
      okText={t('confirm')}
      cancelText={t('cancel')}
      okButtonProps={{ danger, loading: pending }}
      onOk={() => form.submit()}
      onCancel={onCancel}
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false} initialValues={initialValues} onFinish={onSubmit}>
        {error ? <Alert type="error" showIcon title={errorText(error)} style={{ marginBottom: 16 }} /> : null}
        {children}
        <Form.Item
          name="reason"
          label={t('reason')}
          extra={t('reasonHint')}
          rules={[{ required: true, min: 3, max: 500 }]}
        >
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
        {askCode ? (
          <Form.Item
            name="secondFactorCode"
            label={t('freshCode')}
            extra={t('freshCodeHint')}
            rules={[{ required: true, min: 6, max: 32 }]}
          >
            <Input autoComplete="one-time-code" inputMode="numeric" autoFocus />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
