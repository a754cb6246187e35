/**
 * The renewing memberships in the mobile shell (docs/product.md#renewing-memberships): what the
 * desktop's renewal card says — renews on <date> for <amount>, cancelled — ends on <date>, renewal
 * failed, a scheduled change — as an antd-mobile list, with Cancel renewal (asked first), Resume
 * and Manage card (the provider's portal). Hidden while the member has none.
 */
import { calls } from '@ac/protocol/calls';
import type { TSubscription } from '@ac/protocol/subscriptions';
import { Button, Dialog, List, Space, Tag, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/components/use-error-text';
import { useCallMutation } from '@/lib/api/use-call';
import { PAYMENT_OUTCOMES } from '@/lib/checkout/payment-outcomes';
import { goodsKey } from '@/lib/enum-keys';
import { formatDate } from '@/lib/format/date';
import { formatMoney } from '@/lib/format/money';
import { intervalKey, type RenewalTone, renewalActions, renewalState, storeManagedKey } from '../utils/renewal-state';

/** antd-mobile's tag colours for the tones of the desktop's status tag. */
const tagColor: Record<RenewalTone, 'success' | 'warning' | 'danger' | 'default'> = {
  success: 'success',
  warning: 'warning',
  error: 'danger',
  neutral: 'default',
};

export function H5RenewalList({ rows }: { rows: readonly TSubscription[] }) {
  const { t, i18n } = useTranslation(['products', 'enums']);
  const errorText = useErrorText();
  const [asking, setAsking] = useState<TSubscription | null>(null);
  const onError = (e: unknown) => void Toast.show({ icon: 'fail', content: errorText(e) });
  const invalidates = PAYMENT_OUTCOMES;
  const cancel = useCallMutation(calls.subscriptions.cancel, { invalidates, onError });
  const resume = useCallMutation(calls.subscriptions.resume, { invalidates, onError });
  const portal = useCallMutation(calls.subscriptions.portal, {
    onSuccess: ({ url }) => window.location.assign(url),
    onError,
  });
  if (rows.length === 0) return null;
  const busy = (id: string) =>
    [cancel, resume, portal].some((m) => m.isPending && (m.variables as { id: string } | undefined)?.id === id);
  const nameOf = (s: Pick<TSubscription, 'goodsCode' | 'name'>) => t(goodsKey(s.goodsCode), { defaultValue: s.name });
  return (
    <>
      <List header={t('products.renewalTitle')} data-testid="renewal-card" aria-label={t('products.renewalTitle')}>
        {rows.map((s) => {
          const state = renewalState(s);
          const actions = renewalActions(s);
          const date = formatDate(s.periodEnd);
          const managed = storeManagedKey(s);
          return (
            <List.Item
              key={s.id}
              data-testid={`renewal-${s.goodsCode}`}
              data-state={s.state}
              extra={<Tag color={tagColor[state.tone]}>{t(intervalKey[s.interval])}</Tag>}
              description={
                <>
                  <div data-testid="renewal-state">
                    {t(state.key, { date, amount: formatMoney(s.price, i18n.language) })}
                  </div>
                  {managed ? (
                    <div data-testid="renewal-provider">
                      {t(managed)}
                      {s.manageUrl ? (
                        <>
                          {' · '}
                          <a href={s.manageUrl} target="_blank" rel="noopener noreferrer" data-testid="renewal-manage">
                            {t('products.renewalManageAtStore')}
                          </a>
                        </>
                      ) : null}
                    </div>
                  ) : null}
                  {s.scheduledChange && s.state !== 'ended' && !s.cancelAtPeriodEnd ? (
                    <div data-testid="renewal-change">
                      {t('products.renewalChange', {
                        name: nameOf(s.scheduledChange),
                        interval: t(intervalKey[s.scheduledChange.interval]),
                        date: formatDate(s.scheduledChange.at),
                      })}
                    </div>
                  ) : null}
                  {actions.length > 0 ? (
                    <Space wrap style={{ marginTop: 8 }}>
                      {actions.includes('cancel') ? (
                        <Button
                          size="small"
                          color="danger"
                          fill="outline"
                          disabled={busy(s.id)}
                          onClick={() => setAsking(s)}
                          data-testid="renewal-cancel"
                        >
                          {t('products.renewalCancel')}
                        </Button>
                      ) : null}
                      {actions.includes('resume') ? (
                        <Button
                          size="small"
                          color="primary"
                          loading={busy(s.id)}
                          onClick={() => resume.mutate({ id: s.id })}
                          data-testid="renewal-resume"
                        >
                          {t('products.renewalResume')}
                        </Button>
                      ) : null}
                      {actions.includes('card') ? (
                        <Button
                          size="small"
                          fill="none"
                          color="primary"
                          disabled={busy(s.id)}
                          onClick={() => portal.mutate({ id: s.id })}
                          data-testid="renewal-card-portal"
                        >
                          {t('products.renewalManageCard')}
                        </Button>
                      ) : null}
                    </Space>
                  ) : null}
                </>
              }
            >
              {nameOf(s)}
            </List.Item>
          );
        })}
      </List>
      {asking ? (
        <Dialog
          visible
          title={t('products.renewalCancelTitle')}
          content={t('products.renewalCancelText', { name: nameOf(asking), date: formatDate(asking.periodEnd) })}
          onClose={() => setAsking(null)}
          actions={[
            [
              { key: 'keep', text: t('products.renewalKeep'), onClick: () => setAsking(null) },
              {
                key: 'cancel',
                text: <span data-testid="renewal-cancel-confirm">{t('products.renewalCancel')}</span>,
                danger: true,
                bold: true,
                onClick: () => {
                  const id = asking.id;
                  setAsking(null);
                  cancel.mutate({ id });
                },
              },
            ],
          ]}
        />
      ) : null}
    </>
  );
}
