/**
 * The part of /vip_confirm below the plan that depends on the session:
 * logged out, a way to log in and come back; logged in, the account, the
 * current and the new end of this membership, "Confirm and pay" and a way
 * to log in as someone else.
 */
import { calls } from '@ac/protocol/calls';
import type { TCatalogItem } from '@ac/protocol/commerce';
import { Flex, Skeleton } from 'antd';
import { ErrorAlert } from '@/components/error-alert';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { useCall } from '@/lib/api/use-call';
import type { VisitorSession } from '../api/use-visitor-session';
import { currentEndOf, membershipEnd } from '../utils/membership-end';
import { VipAccountTerms } from './vip-account-terms';
import { VipLoginPrompt } from './vip-login-prompt';
import { VipPayButton } from './vip-pay-button';
import { VipSwitchAccount } from './vip-switch-account';

type Props = { plan: TCatalogItem; session: VisitorSession; onPaid: (newEnd: Date) => void };

export function VipCheckoutPanel({ plan, session, onPaid }: Props) {
  const products = useCall(
    calls.memberships.mine,
    {},
    { select: (answer) => answer.rows, enabled: session.state === 'loggedIn' },
  );

  switch (session.state) {
    case 'checking':
      return <Skeleton active title={false} paragraph={{ rows: 2 }} />;
    case 'failed':
      return <ErrorAlert error={session.error} onRetry={session.retry} />;
    case 'loggedOut':
      return <VipLoginPrompt />;
    case 'loggedIn':
      break;
  }
  // Only before the first answer: a failed refresh must not unmount an open checkout.
  if (!products.data) {
    return products.isError ? (
      <QueryErrorAlert query={products} />
    ) : (
      <Skeleton active title={false} paragraph={{ rows: 3 }} />
    );
  }

  const currentEnd = currentEndOf(products.data, plan.goodsCode);
  return (
    <Flex vertical gap={16}>
      <VipAccountTerms
        user={session.info.userInfo}
        currentEnd={currentEnd}
        newEnd={membershipEnd(currentEnd, plan.durationDays, new Date())}
      />
      <VipPayButton plan={plan} onPaid={() => onPaid(membershipEnd(currentEnd, plan.durationDays, new Date()))} />
      <VipSwitchAccount />
    </Flex>
  );
}
