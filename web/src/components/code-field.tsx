/**
 * The 6-digit verification code of a form, with its "Send code" button on
 * the same row. Texts are the `common` namespace's code keys.
 */
import { Flex, Form, Input } from 'antd';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE_PATTERN } from '@/lib/verification/code-format';
import { SendCodeButton } from './send-code-button';

type Props = ComponentProps<typeof SendCodeButton> & {
  /** The form field; default `code`. */
  name?: string;
  /** The input's id antd derives from the form's and the field's names (`<form>_<field>`), for the label. */
  inputId: string;
  /** Default: "Verification code". */
  label?: string;
  /**
   * `row` (default): the message under the row, input limited to 6 characters.
   * `input`: the message under the input, the button aligned at the top (registration, password recovery).
   */
  messageUnder?: 'row' | 'input';
};

export function CodeField({ name = 'code', inputId, label, messageUnder = 'row', ...send }: Props) {
  const { t } = useTranslation('common');
  const format = { pattern: CODE_PATTERN, message: t('common.codeFormat') };
  const button = <SendCodeButton {...send} />;
  if (messageUnder === 'input') {
    return (
      <Form.Item label={label ?? t('common.code')} htmlFor={inputId} style={{ marginBottom: 0 }}>
        <Flex gap={8} align="start">
          <Form.Item
            name={name}
            style={{ flex: 1 }}
            rules={[{ required: true, whitespace: true, message: t('common.codeRequired') }, format]}
          >
            <Input autoComplete="one-time-code" inputMode="numeric" size={send.size} />
          </Form.Item>
          {button}
        </Flex>
      </Form.Item>
    );
  }
  return (
    <Form.Item label={label ?? t('common.code')} htmlFor={inputId} required>
      <Flex gap={8}>
        <Form.Item name={name} noStyle rules={[{ required: true, message: t('common.codeRequired') }, format]}>
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} size={send.size} />
        </Form.Item>
        {button}
      </Flex>
    </Form.Item>
  );
}
