/** Company admin: require two-step verification of every member (docs/product.md#enterprise). */
import { calls } from '@ac/protocol/calls';
import type { TCompanyOverview } from '@ac/protocol/company';
import { Card, Switch } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotice } from '@/components/notice';
import { useErrorText } from '@/components/use-error-text';
import { useCallMutation } from '@/lib/api/use-call';

export function RequireTwoFactorCard({ company }: { company: TCompanyOverview }) {
  const { t } = useTranslation('enterprise');
  const notice = useNotice();
  const errorText = useErrorText();
  const labelId = useId();
  const set = useCallMutation(calls.company.setRequireTwoFactor, { invalidates: [calls.company.overview] });
  const change = (on: boolean) =>
    set.mutate(
      { on },
      {
        onSuccess: () => notice.success(t(on ? 'enterprise.twoFactorRequired' : 'enterprise.twoFactorNotRequired')),
        onError: (e) => notice.error(errorText(e)),
      },
    );
  return (
    <Card title={t('enterprise.securityTitle')}>
      <div style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }}>
        <Switch
          aria-labelledby={labelId}
          checked={set.isPending ? set.variables.on : company.requireTwoFactor}
          loading={set.isPending}
          onChange={change}
          data-testid="require-two-factor"
        />
        <div>
          <div id={labelId}>{t('enterprise.requireTwoFactor')}</div>
          <div className="plain-paragraph" style={{ color: 'rgba(0,0,0,0.55)', fontSize: 13 }}>
            {t('enterprise.requireTwoFactorHint')}
          </div>
        </div>
      </div>
    </Card>
  );
}
