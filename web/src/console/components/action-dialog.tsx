/** A support action's dialog: a reason (always, it goes to the audit), and the action's own fields. */
import { Alert, Form, Input, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from './error-text';

type Props<T> = {
  title: string;
  open: boolean;
  pending: boolean;
  error: unknown;
  onCancel: () => void;
  onSubmit: (values: T & { reason: string }) => void;
  children?: ReactNode;
  danger?: boolean;
};

export function ActionDialog<T>({ title, open, pending, error, onCancel, onSubmit, children, danger }: Props<T>) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [form] = Form.useForm();
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
      <Form form={form} layout="vertical" requiredMark={false} onFinish={onSubmit}>
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
      </Form>
    </Modal>
  );
}
