/** The consent to product news and offers by email, given or withdrawn at once (main shell). */
import { calls } from '@ac/protocol/calls';
import type { TUserDetail } from '@ac/protocol/profile';
import { Switch } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotice } from '@/components/notice';
import { useErrorText } from '@/components/use-error-text';
import { useCallMutation } from '@/lib/api/use-call';

export function MarketingConsent({ detail }: { detail: TUserDetail }) {
  const { t } = useTranslation('profile');
  const notice = useNotice();
  const errorText = useErrorText();
  const labelId = useId();
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
    <div style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }}>
      <Switch
        aria-labelledby={labelId}
        checked={set.isPending ? set.variables.consent : detail.marketingConsent}
        loading={set.isPending}
        onChange={change}
        data-testid="marketing-consent"
      />
      <div>
        <div id={labelId}>{t('profile.consentLabel')}</div>
        <div className="plain-paragraph" style={{ color: 'rgba(0,0,0,0.55)', fontSize: 13 }}>
          {t('profile.consentHint')}
        </div>
      </div>
    </div>
  );
}
