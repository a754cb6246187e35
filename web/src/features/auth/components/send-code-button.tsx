/** "Send code", then "Resend in N s" until the server's resendAfter has passed. */
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

type Props = { secondsLeft: number; loading: boolean; onClick: () => void };

export function SendCodeButton({ secondsLeft, loading, onClick }: Props) {
  const { t } = useTranslation('auth');
  return (
    <Button size="large" onClick={onClick} loading={loading} disabled={secondsLeft > 0} style={{ minWidth: 132 }}>
      {secondsLeft > 0 ? t('auth.resendIn', { count: secondsLeft }) : t('auth.sendCode')}
    </Button>
  );
}
