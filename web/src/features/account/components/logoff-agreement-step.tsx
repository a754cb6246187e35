/** Step 1 of account deletion: read the cancellation agreement and accept it. */
import { Alert, Button, Checkbox, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

export function LogoffAgreementStep({ onNext }: { onNext: () => void }) {
  const { t } = useTranslation(['security', 'common']);
  const [agreed, setAgreed] = useState(false);
  const [tried, setTried] = useState(false);
  return (
    <Flex vertical gap={16} style={{ maxWidth: 560 }}>
      <Alert type="warning" showIcon title={t('security.logoffWarning')} />
      <Typography.Paragraph style={{ margin: 0 }}>
        {t('security.logoffReadAgreement')}{' '}
        <Link to={paths.logoffProtocol.getHref()} target="_blank">
          {t('security.logoffProtocolTitle')}
        </Link>
      </Typography.Paragraph>
      <Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)} data-testid="logoff-agree">
        {t('security.logoffAgree')}
      </Checkbox>
      {tried && !agreed ? (
        <Typography.Text type="danger" role="alert">
          {t('security.logoffAgreeRequired')}
        </Typography.Text>
      ) : null}
      <div>
        <Button
          type="primary"
          onClick={() => {
            setTried(true);
            if (agreed) onNext();
          }}
        >
          {t('common.next')}
        </Button>
      </div>
    </Flex>
  );
}
