/** A delete link asking for confirmation first; the parent runs the call. */
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';

type Props = { onConfirm: () => Promise<unknown>; label: string };

export function DeleteEntryButton({ onConfirm, label }: Props) {
  const { t } = useTranslation('trade');
  return (
    <Popconfirm
      title={t('trade.deleteConfirm')}
      okText={t('trade.delete')}
      cancelText={t('trade.cancel')}
      okButtonProps={{ danger: true, 'data-testid': 'confirm-delete' }}
      onConfirm={onConfirm}
    >
      <Button type="link" danger size="small" aria-label={`${t('trade.delete')} ${label}`}>
        {t('trade.delete')}
      </Button>
    </Popconfirm>
  );
}
