/**
 * Overseas /site/jump_node: the account (router state, from a 0300069
 * answer) lives on another server node; names that node and links to its
 * login page.
 */
import { calls } from '@ac/protocol/calls';
import { Button, Flex, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { ResultCard } from '@/components/result-card';
import { paths } from '@/config/paths';
import { useCall } from '@/lib/api/use-call';
import { stringFromState } from '@/lib/routing/router-state';

export function JumpNodePage() {
  const { t } = useTranslation('nodes');
  const account = stringFromState(useLocation().state, 'account');
  const node = useCall(
    calls.nodes.getNodeByDealer,
    { account: account ?? '' },
    { enabled: !!account, retry: false, staleTime: 60_000, select: (answer) => answer.node },
  );
  const title = <h1 style={{ fontSize: 24, margin: 0 }}>{t('nodes.jumpNodeTitle')}</h1>;
  const toLogin = (
    <Link key="login" to={paths.login.getHref()}>
      <Button>{t('nodes.backToLogin')}</Button>
    </Link>
  );

  return (
    <ResultCard testId="jump-node">
      {!account ? (
        <Result status="info" title={title} subTitle={t('nodes.noAccount')} extra={toLogin} />
      ) : node.isPending ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      ) : node.isError ? (
        <Flex vertical gap={16}>
          {title}
          <QueryErrorAlert query={node} />
          {toLogin}
        </Flex>
      ) : (
        <Result
          status="info"
          title={title}
          subTitle={t('nodes.livesOn', { account, node: node.data.name })}
          extra={
            <Flex wrap gap={8} justify="center" align="center">
              <Button
                type="primary"
                size="large"
                href={`${node.data.url}${paths.login.getHref()}`}
                data-testid="jump-node-go"
              >
                {t('nodes.goToNode', { node: node.data.name })}
              </Button>
              {toLogin}
            </Flex>
          }
        />
      )}
    </ResultCard>
  );
}
