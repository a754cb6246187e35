/** Users: one search box for whatever the member gave, paged results. */
import { consoleCalls } from '@ac/protocol/console/console-calls';
import type { TUserHit } from '@ac/protocol/console/console-shapes';
import { Alert, Input, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { StatusTag } from '@/components/status-tag';
import { useConsoleCall } from '../api/console-api';
import { useErrorText } from '../components/error-text';
import { date } from '../components/format';
import { CONSOLE_PAGE_SIZE, PagedTable } from '../components/paged-table';

export function UserSearchPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const pageNo = Number(params.get('page') ?? '1') || 1;
  const result = useConsoleCall(
    consoleCalls.users.search,
    { query, pageNo, pageSize: CONSOLE_PAGE_SIZE },
    query.trim() !== '',
  );
  const columns: ColumnsType<TUserHit> = [
    {
      title: t('colEmail'),
      dataIndex: 'email',
      render: (v: string | null, u) => <Link to={`/users/${u.id}`}>{v ?? u.id}</Link>,
    },
    { title: t('colMobile'), dataIndex: 'mobile' },
    { title: t('colNickName'), dataIndex: 'nickName' },
    { title: t('colCompany'), dataIndex: 'company' },
    { title: t('colRegistered'), dataIndex: 'registeredAt', render: (v: string) => date(v), width: 120 },
    {
      title: t('colStatus'),
      key: 'status',
      width: 120,
      render: (_, u) =>
        u.blocked ? (
          <StatusTag tone="error">{t('blocked')}</StatusTag>
        ) : u.activated ? (
          <StatusTag tone="success">{t('active')}</StatusTag>
        ) : (
          <StatusTag tone="neutral">{t('notActivated')}</StatusTag>
        ),
    },
    { title: t('colMatched'), dataIndex: 'matched', render: (m: string[]) => m.join(', ') },
  ];
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 22 }}>
        {t('navUsers')}
      </Typography.Title>
      <Input.Search
        aria-label={t('search')}
        placeholder={t('searchPlaceholder')}
        defaultValue={query}
        enterButton={t('search')}
        allowClear
        size="large"
        onSearch={(q) => setParams(q.trim() ? { q: q.trim() } : {})}
        style={{ maxWidth: 760, marginBottom: 8 }}
      />
      <Typography.Paragraph type="secondary">{t('searchHint')}</Typography.Paragraph>
      {result.error ? <Alert type="error" showIcon title={errorText(result.error)} /> : null}
      {query ? (
        <PagedTable<TUserHit>
          label={t('navUsers')}
          testId="user-hits"
          rowKey="id"
          size="middle"
          columns={columns}
          page={result.data}
          loading={result.isFetching}
          scrollX={900}
          pageNo={pageNo}
          onPage={(page) => setParams({ q: query, page: String(page) })}
        />
      ) : null}
    </>
  );
}
