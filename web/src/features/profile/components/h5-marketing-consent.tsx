/** The consent to product news and offers by email in the mobile shell. */
import { calls } from '@ac/protocol/calls';
import type { TUserDetail } from '@ac/protocol/profile';
import { List, Switch } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNotice } from '@/components/notice';
import { useErrorText } from '@/components/use-error-text';
import { useCallMutation } from '@/lib/api/use-call';

export function H5MarketingConsent({ detail }: { detail: TUserDetail }) {
  const { t } = useTranslation('profile');
  const notice = useNotice();
  const errorText = useErrorText();
  const set = useCallMutation(calls.profile.setMarketingConsent, { invalidates: [calls.profile.getUserDetail] });
  const change = (consent: boolean) =>
    set.mutate(
      { consent },
      {
        onSuccess: () => notice.success(t(consent ? 'profile.consentGiven' : 'profile.consentWithdrawn')),
        onError: (e) => notice.error(errorText(e)),
      },
    );
  return (
    <List header={t('profile.privacyTitle')}>
      <List.Item
        description={t('profile.consentHint')}
        extra={
          <Switch
            aria-label={t('profile.consentLabel')}
            checked={set.isPending ? set.variables.consent : detail.marketingConsent}
            loading={set.isPending}
            onChange={change}
            data-testid="marketing-consent"
          />
        }
      >
        {t('profile.consentLabel')}
      </List.Item>
    </List>
  );
}
