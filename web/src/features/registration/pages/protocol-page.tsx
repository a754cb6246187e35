/** China /h5/register/protocol: the terms of service on their own page. */
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { TermsText } from '../components/terms-text';

export function ProtocolPage() {
  const { t } = useTranslation('register');
  return (
    <Card>
      <h1 style={{ fontSize: 20, marginTop: 0 }}>{t('register.protocolTitle')}</h1>
      <TermsText />
    </Card>
  );
}
