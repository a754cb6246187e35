/** /cash: the cash password and the cash-out accounts (one of them the default). */
import { calls } from '@ac/protocol/calls';
import type { TCashAccount } from '@ac/protocol/trade';
import { Alert, Button, Card, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTradeCall } from '../api/trade-account';
import { CashAccountModal } from '../components/cash-account-modal';
import { CashPasswordCard } from '../components/cash-password-card';
import { EntryTable } from '../components/entry-table';
import { TradePage } from '../components/trade-page';
import { useReport } from '../components/use-report';

export function CashPage() {
  const { t } = useTranslation('trade');
  const report = useReport();
  const [open, setOpen] = useState(false);
  const remove = useTradeCall(calls.trade.deleteCashAccount);
  const makeDefault = useTradeCall(calls.trade.setDefCashAccount);

  return (
    <TradePage title={t('trade.cashTitle')} description={t('trade.cashDescription')}>
      {(account) => (
        <>
          <CashPasswordCard isSet={account.hasCashPassword} />
          <Card
            title={t('trade.cashAccounts')}
            extra={
              <Button type="primary" disabled={!account.hasCashPassword} onClick={() => setOpen(true)}>
                {t('trade.addCashAccount')}
              </Button>
            }
          >
            {account.hasCashPassword ? null : (
              <Alert type="info" showIcon title={t('trade.needCashPassword')} style={{ marginBottom: 16 }} />
            )}
            <EntryTable<TCashAccount>
              rows={account.cashAccounts}
              label={t('trade.cashAccounts')}
              testId="cash-accounts-table"
              columns={[
                {
                  title: t('trade.accountType'),
                  dataIndex: 'type',
                  render: (type: TCashAccount['type']) =>
                    type === 'alipay' ? t('trade.typeAlipay') : t('trade.typeBankCard'),
                },
                {
                  title: t('trade.account'),
                  key: 'account',
                  render: (_, row) => (
                    <Space>
                      <span>{[row.bankName, row.account].filter(Boolean).join(' ')}</span>
                      {row.isDefault ? <Tag color="blue">{t('trade.defaultAccount')}</Tag> : null}
                    </Space>
                  ),
                },
                { title: t('trade.holderName'), dataIndex: 'holderName' },
              ]}
              labelOf={(row) => row.account}
              onDelete={(row) => report(remove.mutateAsync({ id: row.id }), t('trade.deleted'))}
              otherActions={(row) =>
                row.isDefault ? null : (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => void report(makeDefault.mutateAsync({ id: row.id }), t('trade.saved'))}
                  >
                    {t('trade.setDefault')}
                  </Button>
                )
              }
            />
          </Card>
          <CashAccountModal open={open} first={account.cashAccounts.length === 0} onClose={() => setOpen(false)} />
        </>
      )}
    </TradePage>
  );
}
