/**
 * Activity (docs/decisions/0045-sign-in-history.md): the sign-ins of the last
 * 90 days, successful and failed, with time, approximate place and IP,
 * browser and client, and method; and the security events. "This wasn't me"
 * on a row signs the member out everywhere and leads to setting a new
 * password (the forgotten-password page). The same page in the mobile shell.
 */
import type { TActivityPlace, TActivityRow } from '@ac/protocol/activity';
import { calls } from '@ac/protocol/calls';
import { CLIENT_TYPES } from '@ac/protocol/client-types';
import { thirdPartyNames } from '@ac/protocol/third-party';
import { App, Button, Card, Flex, Segmented, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { ResponsiveTable } from '@/components/responsive-table';
import { useShellKind } from '@/components/shell-context';
import { useErrorText } from '@/components/use-error-text';
import { paths } from '@/config/paths';
import { useCall, useCallMutation } from '@/lib/api/use-call';
import { getRegion } from '@/lib/app-config';
import { EMPTY_VALUE, formatDateTime } from '@/lib/format/date';
import { navigateTo } from '@/lib/navigation';
import { clearSession } from '@/lib/session/clear-session';

type Kind = 'all' | 'signIn' | 'event';

/** The client type's product name (docs/product.md#client-types), or the raw identifier. */
const clientTypeName = (clientType: string): string =>
  Object.hasOwn(CLIENT_TYPES, clientType) ? CLIENT_TYPES[clientType as keyof typeof CLIENT_TYPES] : clientType;

/** The place as the user reads it: city, region, the country in the page's language. */
export function placeText(place: TActivityPlace | null, language: string, local: string, unknown: string): string {
  if (!place) return unknown;
  if (place.local) return local;
  let country = place.country ?? '';
  try {
    if (place.country) country = new Intl.DisplayNames([language], { type: 'region' }).of(place.country) ?? country;
  } catch {
    // an unknown code stays as it is
  }
  return [place.city, place.region, country].filter(Boolean).join(', ') || unknown;
}

export function ActivityPage() {
  const { t, i18n } = useTranslation(['security', 'common']);
  const { modal, message } = App.useApp();
  const errorText = useErrorText();
  const h5 = useShellKind() === 'h5';
  const [kind, setKind] = useState<Kind>('all');
  const activity = useCall(calls.session.activity, { kind }, { select: (a) => a.rows });
  const notMe = useCallMutation(calls.session.notMe);

  const method = (what: string) => {
    if (what.startsWith('third:')) {
      const type = what.slice('third:'.length);
      return (thirdPartyNames as Record<string, string>)[type] ?? (type || t('security.activityMethod_third'));
    }
    return t(`security.activityMethod_${what}`, { defaultValue: what });
  };
  const whatText = (row: TActivityRow) =>
    row.kind === 'signIn'
      ? `${row.success ? t('security.activitySignIn') : t('security.activitySignInFailed')} · ${method(row.what)}`
      : [t(`security.activityEvent_${row.what.replace('.', '_')}`, { defaultValue: row.what }), thirdNames(row)]
          .filter(Boolean)
          .join(' · ');
  /** The third parties a binding event names ("WeChat"). */
  const thirdNames = (row: TActivityRow) =>
    row.what.startsWith('third.') && row.detail
      ? row.detail
          .split(',')
          .map((type) => (thirdPartyNames as Record<string, string>)[type] ?? type)
          .join(', ')
      : null;

  const recoveryPath =
    getRegion() === 'cn' ? (h5 ? paths.h5FindPwd.path : paths.passwordFind.path) : paths.sitePasswordFind.path;
  const confirmNotMe = (row: TActivityRow) =>
    modal.confirm({
      title: t('security.activityNotMeTitle'),
      content: t('security.activityNotMeText'),
      okText: t('security.activityNotMeOk'),
      okButtonProps: { danger: true, 'data-testid': 'activity-not-me-confirm' },
      cancelText: t('common.cancel'),
      onOk: () =>
        notMe.mutateAsync({ id: row.id }).then(
          () => {
            clearSession();
            void message.success(t('security.activityNotMeDone'), 6);
            navigateTo(recoveryPath, { replace: true });
          },
          (error: unknown) => void message.error(errorText(error)),
        ),
    });

  const columns: TableColumnsType<TActivityRow> = [
    {
      title: t('security.activityTime'),
      key: 'at',
      render: (_, row) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.at)}</span>,
    },
    {
      title: t('security.activityWhat'),
      key: 'what',
      render: (_, row) => (
        <Flex gap={6} align="center" wrap>
          <span data-testid="activity-what">{whatText(row)}</span>
          {row.kind === 'signIn' && !row.success ? (
            <Tag color="red" data-testid="activity-failed">
              {t('security.activityFailed')}
            </Tag>
          ) : null}
        </Flex>
      ),
    },
    {
      title: t('security.activityPlace'),
      key: 'place',
      render: (_, row) => (
        <Flex vertical gap={2}>
          <span data-testid="activity-place">
            {placeText(row.place, i18n.language, t('security.activityLocal'), t('security.activityUnknownPlace'))}
          </span>
          <Typography.Text type="secondary" data-testid="activity-ip">
            {row.ip ?? EMPTY_VALUE}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('security.activityDevice'),
      key: 'device',
      render: (_, row) => (
        <Flex vertical gap={2}>
          <span data-testid="activity-browser">{[row.browser, row.os].filter(Boolean).join(' · ') || EMPTY_VALUE}</span>
          {row.clientType ? <Typography.Text type="secondary">{clientTypeName(row.clientType)}</Typography.Text> : null}
        </Flex>
      ),
    },
    {
      title: t('security.activityActions'),
      key: 'actions',
      render: (_, row) =>
        row.what === 'session.notMe' ? null : (
          <Button size="small" danger data-testid="activity-not-me" onClick={() => confirmNotMe(row)}>
            {t('security.activityNotMe')}
          </Button>
        ),
    },
  ];

  return (
    <>
      <PageHeader title={t('security.activityTitle')} description={t('security.activityDescription')} />
      <Card>
        <Flex vertical gap={16}>
          <Segmented<Kind>
            value={kind}
            onChange={setKind}
            options={[
              { value: 'all', label: t('security.activityAll') },
              { value: 'signIn', label: t('security.activitySignIns') },
              { value: 'event', label: t('security.activityEvents') },
            ]}
            aria-label={t('security.activityFilter')}
          />
          <QueryErrorAlert query={activity} />
          <ResponsiveTable
            rows={activity.data ?? []}
            columns={columns}
            rowKey="id"
            label={t('security.activityTitle')}
            testId="activity-table"
            emptyText={t('security.activityEmpty')}
            loading={activity.isPending}
            pageSize={20}
          />
        </Flex>
      </Card>
    </>
  );
}
