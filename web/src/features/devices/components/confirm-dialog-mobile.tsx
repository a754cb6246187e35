/** A declarative antd-mobile confirmation (the imperative Dialog.confirm does not render under React 19). */
import { Dialog } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  title: string;
  content: ReactNode;
  confirmText: string;
  confirmTestId: string;
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** Rendered while a confirmation is open; the caller unmounts it on close. */
export function ConfirmDialogMobile({ title, content, confirmText, confirmTestId, danger, onConfirm, onClose }: Props) {
  const { t } = useTranslation('devices');
  return (
    <Dialog
      visible
      title={title}
      content={content}
      onClose={onClose}
      actions={[
        [
          { key: 'back', text: t('devices.back'), onClick: onClose },
          {
            key: 'confirm',
            text: <span data-testid={confirmTestId}>{confirmText}</span>,
            danger,
            bold: true,
            onClick: () => {
              onClose();
              onConfirm();
            },
          },
        ],
      ]}
    />
  );
}
