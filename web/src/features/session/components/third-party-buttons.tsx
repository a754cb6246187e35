/** "Log in with …" for the providers of the region: the browser goes to the provider. Plain markup (the login page loads no antd). */

import { calls } from '@ac/protocol/calls';
import { type TThirdPartyType, thirdPartiesByRegion } from '@ac/protocol/enums';
import { thirdPartyNames } from '@ac/protocol/third-party';
import { useTranslation } from 'react-i18next';
import { useNotice } from '@/components/notice';
import { PlainButton } from '@/components/plain-button';
import { useErrorText } from '@/components/use-error-text';
import { paths } from '@/config/paths';
import { useCallMutation } from '@/lib/api/use-call';
import { getRegion, withBasePath } from '@/lib/app-config';

export function ThirdPartyButtons() {
  const { t } = useTranslation('auth');
  const notice = useNotice();
  const errorText = useErrorText();
  const loginUrl = useCallMutation(calls.thirdParty.loginUrl);
  const start = (type: TThirdPartyType) =>
    loginUrl.mutate(
      { type, redirect: withBasePath(paths.loginCallback.getHref(type)) },
      {
        onSuccess: ({ url }) => window.location.assign(url),
        onError: (error) => notice.error(errorText(error)),
      },
    );
  return (
    <>
      <div className="plain-divider plain-divider-text">
        <span>{t('auth.orContinueWith')}</span>
      </div>
      <fieldset className="third-party-buttons" data-testid="third-party-login" aria-label={t('auth.orContinueWith')}>
        {thirdPartiesByRegion[getRegion()].map((type) => (
          <PlainButton
            key={type}
            onClick={() => start(type)}
            loading={loginUrl.isPending && loginUrl.variables?.type === type}
            title={t('auth.loginWith', { name: thirdPartyNames[type] })}
          >
            {thirdPartyNames[type]}
          </PlainButton>
        ))}
      </fieldset>
    </>
  );
}
