/** A modal holding an add form: OK submits it, a refusal shows above the fields, success closes it. */
import { Form, type FormInstance, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/form-error';

type Props<V> = {
  open: boolean;
  title: string;
  name: string;
  form: FormInstance<V>;
  pending: boolean;
  error: unknown;
  /** The OK button's text: Save unless a step before the last says otherwise. */
  okText?: string;
  initialValues?: Partial<V>;
  onSubmit: (values: V) => void;
  onClose: () => void;
  children: ReactNode;
};

export function EntryModal<V extends object>(p: Props<V>) {
  const { t } = useTranslation('trade');
  return (
    <Modal
      open={p.open}
      title={p.title}
      okText={p.okText ?? t('trade.save')}
      cancelText={t('trade.cancel')}
      confirmLoading={p.pending}
      onOk={() => p.form.submit()}
      onCancel={p.onClose}
      afterClose={() => p.form.resetFields()}
      destroyOnHidden
    >
      <Form<V> form={p.form} name={p.name} layout="vertical" onFinish={p.onSubmit} initialValues={p.initialValues}>
        <FormError error={p.error} />
        {p.children}
      </Form>
    </Modal>
  );
}
