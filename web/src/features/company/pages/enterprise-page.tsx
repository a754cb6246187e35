/** My enterprise: the company, its seats and, for a company admin, the members and buying redeem codes for them. */

import { errorCode } from '@ac/client';
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { COMPANY_ADMIN_ROLES } from '@ac/protocol/enums';
import { Button, Result, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { paths } from '@/config/paths';
import { useCall } from '@/lib/api/use-call';
import { CompanySummary } from '../components/company-summary';
import { MembersCard } from '../components/members-card';
import { RequireTwoFactorCard } from '../components/require-two-factor';

export function EnterprisePage() {
  const { t } = useTranslation('enterprise');
  const overview = useCall(calls.company.overview, {});
  return (
    <>
      <PageHeader
        title={t('enterprise.pageTitle')}
        description={t('enterprise.pageDescription')}
        extra={
          overview.data && COMPANY_ADMIN_ROLES.includes(overview.data.role) ? (
            <Link to={`${paths.redeemCodeOrder.getHref()}?buy=1`} data-testid="enterprise-buy-codes">
              <Button>{t('enterprise.buyCodes')}</Button>
            </Link>
          ) : null
        }
      />
      {errorCode(overview.error) === Code.notCompanyMember ? (
        <Result status="info" title={t('enterprise.noCompany')} data-testid="no-company" />
      ) : (
        <QueryErrorAlert query={overview} />
      )}
      {overview.isPending ? <Spin /> : null}
      {overview.data ? (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <CompanySummary company={overview.data} />
          {COMPANY_ADMIN_ROLES.includes(overview.data.role) ? <RequireTwoFactorCard company={overview.data} /> : null}
          <MembersCard company={overview.data} />
        </Space>
      ) : null}
    </>
  );
}
