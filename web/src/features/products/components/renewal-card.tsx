/**
 * "Renewing memberships" (docs/product.md#renewing-memberships): each one with its plan, its
 * state — renews on <date> for <amount>, cancelled — ends on <date>, renewal failed — we will
 * retry — a scheduled change, and Cancel renewal (asked first) / Resume / Manage card (the
 * provider's portal). Hidden while the member has none.
 */
import { calls } from '@ac/protocol/calls';
import type { TSubscription } from '@ac/protocol/subscriptions';
import { SyncOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { PlainButton } from '@/components/plain-button';
import { StatusTag } from '@/components/status-tag';
import { useCallMutation } from '@/lib/api/use-call';
import { PAYMENT_OUTCOMES } from '@/lib/checkout/payment-outcomes';
import { goodsKey } from '@/lib/enum-keys';
import { formatDate } from '@/lib/format/date';
import { formatMoney } from '@/lib/format/money';
import { intervalKey, renewalActions, renewalState, storeManagedKey } from '../utils/renewal-state';
import { ConfirmSheet } from './confirm-sheet';
import { PlainCard } from './plain-card';

type Props = { rows: readonly TSubscription[] };

export function RenewalCard({ rows }: Props) {
  const { t } = useTranslation('products');
  const [asking, setAsking] = useState<TSubscription | null>(null);
  const invalidates = PAYMENT_OUTCOMES;
  const cancel = useCallMutation(calls.subscriptions.cancel, { invalidates });
  const resume = useCallMutation(calls.subscriptions.resume, {
    invalidates,
    // an Alipay agreement is signed again on Alipay's page, which comes back to the product centre
    onSuccess: ({ signUrl }) => {
      if (signUrl) window.location.assign(signUrl);
    },
  });
  const portal = useCallMutation(calls.subscriptions.portal, {
    onSuccess: ({ url }) => window.location.assign(url),
  });
  const failed = cancel.error ?? resume.error ?? portal.error;
  if (rows.length === 0) return null;
  return (
    <div className="renewal-card">
      <PlainCard title={t('products.renewalTitle')} icon={<SyncOutlined aria-hidden />} testId="renewal-card">
        {failed ? <ErrorAlert error={failed} /> : null}
        <ul className="renewal-list">
          {rows.map((s) => (
            <RenewalItem
              key={s.id}
              subscription={s}
              busy={
                (cancel.isPending && cancel.variables?.id === s.id) ||
                (resume.isPending && resume.variables?.id === s.id) ||
                (portal.isPending && portal.variables?.id === s.id)
              }
              onCancel={() => setAsking(s)}
              onResume={() => resume.mutate({ id: s.id })}
              onCard={() => portal.mutate({ id: s.id })}
            />
          ))}
        </ul>
        {asking ? (
          <ConfirmSheet
            title={t('products.renewalCancelTitle')}
            keepText={t('products.renewalKeep')}
            confirmText={t('products.renewalCancel')}
            busy={cancel.isPending}
            onKeep={() => setAsking(null)}
            onConfirm={() => cancel.mutate({ id: asking.id }, { onSettled: () => setAsking(null) })}
          >
            {t('products.renewalCancelText', {
              name: t(goodsKey(asking.goodsCode), { defaultValue: asking.name }),
              date: formatDate(asking.periodEnd),
            })}
          </ConfirmSheet>
        ) : null}
      </PlainCard>
    </div>
  );
}

type ItemProps = {
  subscription: TSubscription;
  busy: boolean;
  onCancel: () => void;
  onResume: () => void;
  onCard: () => void;
};

function RenewalItem({ subscription: s, busy, onCancel, onResume, onCard }: ItemProps) {
  const { t, i18n } = useTranslation(['products', 'enums']);
  const state = renewalState(s);
  const actions = renewalActions(s);
  const date = formatDate(s.periodEnd);
  const amount = formatMoney(s.price, i18n.language);
  const managed = storeManagedKey(s);
  return (
    <li className="renewal-item" data-testid={`renewal-${s.goodsCode}`} data-state={s.state}>
      <div className="renewal-main">
        <span className="products-inline">
          <strong>{t(goodsKey(s.goodsCode), { defaultValue: s.name })}</strong>
          <StatusTag tone={state.tone}>{t(intervalKey[s.interval])}</StatusTag>
        </span>
        <p className="plain-paragraph renewal-state" data-testid="renewal-state">
          {t(state.key, { date, amount })}
        </p>
        {s.provider === 'alipay' ? (
          <p className="plain-paragraph renewal-provider" data-testid="renewal-provider">
            {t('products.renewalByAlipay')}
          </p>
        ) : null}
        {managed ? (
          <p className="plain-paragraph renewal-provider" data-testid="renewal-provider">
            {t(managed)}
          </p>
        ) : null}
        {s.scheduledChange && s.state !== 'ended' && !s.cancelAtPeriodEnd ? (
          <p className="plain-paragraph renewal-change" data-testid="renewal-change">
            {t('products.renewalChange', {
              name: t(goodsKey(s.scheduledChange.goodsCode), { defaultValue: s.scheduledChange.name }),
              interval: t(intervalKey[s.scheduledChange.interval]),
              date: formatDate(s.scheduledChange.at),
            })}
          </p>
        ) : null}
      </div>
      <div className="renewal-actions">
        {managed && s.manageUrl ? (
          <a
            className="plain-button plain-button-link"
            href={s.manageUrl}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="renewal-manage"
          >
            {t('products.renewalManageAtStore')}
          </a>
        ) : null}
        {actions.includes('cancel') ? (
          <PlainButton disabled={busy} onClick={onCancel} data-testid="renewal-cancel">
            {t('products.renewalCancel')}
          </PlainButton>
        ) : null}
        {actions.includes('resume') ? (
          <PlainButton variant="primary" loading={busy} onClick={onResume} data-testid="renewal-resume">
            {t('products.renewalResume')}
          </PlainButton>
        ) : null}
        {actions.includes('card') ? (
          <PlainButton variant="link" disabled={busy} onClick={onCard} data-testid="renewal-card-portal">
            {t('products.renewalManageCard')}
          </PlainButton>
        ) : null}
      </div>
    </li>
  );
}
