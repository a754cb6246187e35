/**
 * The reset link's page: /site/password/reset/:id (overseas),
 * /password/reset/:id and /h5/reset/:id (China). The link is checked first;
 * an expired or used one shows the timeout message and a way to ask again.
 */

import { errorCode } from '@ac/client';
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { App, Button, Flex, Form, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { FormCard } from '@/components/form-card';
import { FormError } from '@/components/form-error';
import { NewPasswordFields } from '@/components/new-password-fields';
import { useShellKind } from '@/components/shell-context';
import { useErrorText } from '@/components/use-error-text';
import { paths } from '@/config/paths';
import { regionConfig } from '@/config/regions/region-config';
import { useCall, useCallMutation } from '@/lib/api/use-call';

export function ResetPage() {
  const { t } = useTranslation('password');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const shell = useShellKind();
  const { id = '' } = useParams();
  const link = useCall(
    calls.recovery.checkResetLink,
    { id },
    { retry: false, staleTime: 0, gcTime: 0, refetchOnWindowFocus: false },
  );
  const update = useCallMutation(calls.recovery.resetByLink);
  const findHref = shell === 'h5' ? paths.h5FindPwd.getHref() : regionConfig().findPasswordHref;
  const linkError = link.error ?? (errorCode(update.error) === Code.resetLinkInvalid ? update.error : null);

  if (link.isPending) {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin />
      </Flex>
    );
  }
  if (linkError) {
    return (
      <Result
        status="warning"
        data-testid="reset-invalid"
        title={<h1 style={{ fontSize: 24, margin: 0 }}>{t('password.resetTitle')}</h1>}
        subTitle={<span role="alert">{errorText(linkError)}</span>}
        extra={
          <Link to={findHref}>
            <Button type="primary">{t('password.askAgain')}</Button>
          </Link>
        }
      />
    );
  }
  const submit = ({ password }: { password: string }) =>
    update.mutate(
      { id, password },
      {
        onSuccess: () => {
          void message.success(t('password.resetDone'));
          navigate(paths.login.getHref());
        },
      },
    );
  return (
    <FormCard title={t('password.resetTitle')} intro={t('password.resetDescription')} testId="reset-card">
      <Form<{ password: string }> name="reset-password" layout="vertical" requiredMark={false} onFinish={submit}>
        <FormError error={update.error} />
        <NewPasswordFields labels="new" />
        <Button type="primary" htmlType="submit" block size="large" loading={update.isPending}>
          {t('password.submit')}
        </Button>
      </Form>
    </FormCard>
  );
}
