/**
 * The mailed invitation link (/enterprise/join/{token}): a visitor logs in
 * (or registers, then opens the link again) and comes back here to accept.
 */
import { calls } from '@ac/protocol/calls';
import { Button, Card, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { useErrorText } from '@/components/use-error-text';
import { paths } from '@/config/paths';
import { useCall, useCallMutation } from '@/lib/api/use-call';
import { formatDate } from '@/lib/format/date';
import { COMPANY_QUERIES } from '../api/use-admin-call';

export function JoinCompanyPage() {
  const { t } = useTranslation('enterprise');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const token = useParams().token ?? '';
  const invitation = useCall(calls.company.invitation, { token }, { retry: false });
  const accept = useCallMutation(calls.company.acceptInvitation, {
    invalidates: [calls.company.companyInfo, ...COMPANY_QUERIES],
  });

  if (invitation.error) {
    return (
      <Card>
        <Result
          status="warning"
          title={errorText(invitation.error)}
          extra={<Link to={paths.products.getHref()}>{t('enterprise.toProducts')}</Link>}
          data-testid="invitation-invalid"
        />
      </Card>
    );
  }
  return (
    <Card loading={invitation.isPending}>
      {invitation.data ? (
        <Result
          status="info"
          title={t('enterprise.joinTitle', { company: invitation.data.companyName })}
          subTitle={
            <>
              <Typography.Paragraph>{t('enterprise.joinFor', { email: invitation.data.email })}</Typography.Paragraph>
              <Typography.Text type="secondary">
                {t('enterprise.validUntil', { date: formatDate(invitation.data.expiresAt) })}
              </Typography.Text>
            </>
          }
          extra={
            <>
              {accept.error ? <ErrorAlert error={accept.error} /> : null}
              <Button
                type="primary"
                loading={accept.isPending}
                data-testid="join-accept"
                onClick={() =>
                  accept.mutate({ token }, { onSuccess: () => navigate(paths.enterprise.getHref(), { replace: true }) })
                }
              >
                {t('enterprise.joinAccept')}
              </Button>
            </>
          }
          data-testid="invitation"
        />
      ) : null}
    </Card>
  );
}
