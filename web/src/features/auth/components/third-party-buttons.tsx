/** "Log in with …" for the providers of the region: the browser goes to the provider. */
import { type TThirdPartyType, thirdPartiesByRegion } from '@ac/protocol/enums';
import { thirdPartyNames } from '@ac/protocol/third-party';
import { App, Button, Divider, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/components/use-error-text';
import { paths } from '@/config/paths';
import { getRegion, withBasePath } from '@/lib/app-config';
import { useThirdLoginUrl } from '../api/third-login';

export function ThirdPartyButtons() {
  const { t } = useTranslation('auth');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const loginUrl = useThirdLoginUrl();
  const start = (type: TThirdPartyType) =>
    loginUrl.mutate(
      { type, redirect: withBasePath(paths.loginCallback.getHref(type)) },
      {
        onSuccess: ({ url }) => window.location.assign(url),
        onError: (error) => void message.error(errorText(error)),
      },
    );
  return (
    <>
      <Divider plain style={{ margin: '16px 0 12px' }}>
        {t('auth.orContinueWith')}
      </Divider>
      <Flex
        gap={8}
        wrap
        justify="center"
        data-testid="third-party-login"
        role="group"
        aria-label={t('auth.orContinueWith')}
      >
        {thirdPartiesByRegion[getRegion()].map((type) => (
          <Button
            key={type}
            onClick={() => start(type)}
            loading={loginUrl.isPending && loginUrl.variables?.type === type}
            title={t('auth.loginWith', { name: thirdPartyNames[type] })}
          >
            {thirdPartyNames[type]}
          </Button>
        ))}
      </Flex>
    </>
  );
}
