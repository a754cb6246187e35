/**
 * The account center's own login page (docs/protocol.md#sessions): password or code login,
 * with an enterprise variant for enterprise client types. The two methods
 * switch with a button rather than tabs, so that no tab panel is labelled
 * "Password" or "Email" next to the fields of those names.
 */
import { isEnterpriseClientType } from '@ac/protocol/client-types';
import { thirdPartyNames } from '@ac/protocol/third-party';
import { Alert, App, Button, Card, Divider, Flex, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { regionConfig } from '@/config/regions/region-config';
import { getClientType } from '@/lib/api/client-info';
import { takeLoginNotice } from '@/lib/session/login-notice';
import { CodeLoginForm } from '../components/code-login-form';
import { PasswordLoginForm } from '../components/password-login-form';
import { ThirdPartyButtons } from '../components/third-party-buttons';
import { peekPendingLink } from '../hooks/pending-link';

export function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  const region = regionConfig();
  const enterprise = isEnterpriseClientType(getClientType());
  const [pendingLink] = useState(peekPendingLink);
  const [method, setMethod] = useState<'password' | 'code'>('password');
  const { message } = App.useApp();
  useEffect(() => {
    const notice = takeLoginNotice();
    if (notice) void message.success(notice.text, notice.seconds);
  }, [message]);
  const useCode = region.codeLogin === 'email' ? t('auth.useEmailCode') : t('auth.useSmsCode');

  return (
    <Flex justify="center" style={{ padding: '32px 0' }}>
      <Card style={{ width: '100%', maxWidth: 440 }} styles={{ body: { padding: 32 } }} data-testid="login-card">
        {enterprise ? (
          <Tag color="#0958d9" variant="solid">
            {t('auth.enterpriseBadge')}
          </Tag>
        ) : null}
        <Typography.Title level={1} style={{ fontSize: 24, margin: '8px 0 4px' }}>
          {enterprise ? t('auth.enterpriseTitle') : t('auth.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          {enterprise ? t('auth.enterpriseDescription') : t('auth.description')}
        </Typography.Paragraph>
        <Typography.Title level={2} style={{ fontSize: 16, margin: '20px 0 12px' }}>
          {method === 'password'
            ? t('auth.methodPassword')
            : region.codeLogin === 'email'
              ? t('auth.methodEmailCode')
              : t('auth.methodSmsCode')}
        </Typography.Title>
        {pendingLink ? (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('auth.linkPending', { name: thirdPartyNames[pendingLink.type] })}
          />
        ) : null}
        {method === 'password' ? <PasswordLoginForm /> : <CodeLoginForm channel={region.codeLogin} />}
        <Button
          type="link"
          block
          style={{ marginTop: 8 }}
          data-testid="login-method-switch"
          onClick={() => setMethod(method === 'password' ? 'code' : 'password')}
        >
          {method === 'password' ? useCode : t('auth.usePassword')}
        </Button>
        {enterprise ? null : <ThirdPartyButtons />}
        <Divider style={{ margin: '12px 0' }} />
        <Flex justify="space-between">
          <Link to={region.registerHref}>{t('auth.register')}</Link>
          <Link to={region.findPasswordHref}>{t('auth.forgotPassword')}</Link>
        </Flex>
      </Card>
    </Flex>
  );
}
