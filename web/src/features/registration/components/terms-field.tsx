/**
 * The required "I have read and agree to the terms of service" checkbox
 * (field `agree`); the link opens the terms in a dialog.
 */
import { Button, Checkbox, Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TermsText } from './terms-text';

export function TermsField() {
  const { t } = useTranslation('register');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Form.Item
        name="agree"
        valuePropName="checked"
        rules={[
          {
            validator: (_rule, value: unknown) =>
              value === true ? Promise.resolve() : Promise.reject(new Error(t('register.agreeRequired'))),
          },
        ]}
        style={{ marginBottom: 8 }}
      >
        <Checkbox>
          {t('register.agreePrefix')}{' '}
          <Button
            type="link"
            style={{ padding: 0, height: 'auto' }}
            onClick={(event) => {
              event.preventDefault();
              setOpen(true);
            }}
          >
            {t('register.termsLink')}
          </Button>
        </Checkbox>
      </Form.Item>
      <Modal
        open={open}
        title={t('register.protocolTitle')}
        onCancel={() => setOpen(false)}
        footer={
          <Button type="primary" onClick={() => setOpen(false)}>
            {t('register.termsClose')}
          </Button>
        }
      >
        <TermsText />
      </Modal>
    </>
  );
}
