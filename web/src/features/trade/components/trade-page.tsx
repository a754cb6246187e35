/** The frame of a trade page: its header, the trade account loading (or failing), then the content. */
import type { TTradeAccount } from '@ac/protocol/trade';
import { Card, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { PageHeader } from '@/components/page-header';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { useTradeAccount } from '../api/trade-account';

type Props = {
  title: string;
  description: string;
  extra?: (account: TTradeAccount) => ReactNode;
  children: (account: TTradeAccount) => ReactNode;
};

export function TradePage({ title, description, extra, children }: Props) {
  const account = useTradeAccount();
  return (
    <>
      <PageHeader title={title} description={description} extra={account.data && extra?.(account.data)} />
      <QueryErrorAlert query={account} />
      {account.data ? (
        children(account.data)
      ) : account.isPending ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : null}
    </>
  );
}
