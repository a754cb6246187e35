/**
 * Redeem-code batches (sales): the batches, newest first, with how many of their codes are in
 * each state; New batch (goods, days each code grants, quantity, source, personal or company,
 * validity, a reason), Download CSV, Void batch; a code's history, and Void code (state abolished).
 */
import { consoleCalls } from '@ac/protocol/console/console-calls';
import { MAX_BATCH_CODES, type TRedeemBatch } from '@ac/protocol/console/sales-shapes';
import { GOODS_CODES, REDEEM_SOURCES, type TGoodsCode, type TRedeemSource } from '@ac/protocol/enums';
import { Alert, App, Button, Card, Form, Input, InputNumber, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollRegion } from '@/components/scroll-region';
import { StatusTag } from '@/components/status-tag';
import { consoleDownload, useConsoleCall, useConsoleMutation } from '../api/console-api';
import { ActionDialog } from '../components/action-dialog';
import { useErrorText } from '../components/error-text';
import { date, dateTime } from '../components/format';
import { CONSOLE_PAGE_SIZE, PagedTable } from '../components/paged-table';
import { useMay } from '../components/staff-context';

type BatchForm = {
  goodsCode: TGoodsCode;
  durationDays: number;
  quantity: number;
  source: TRedeemSource;
  kind: 'personal' | 'company';
  validDays: number;
};

function CreateBatch() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const create = useConsoleMutation(consoleCalls.codes.createBatch);
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)}>
        {t('batchCreate')}
      </Button>
      <ActionDialog<BatchForm>
        title={t('batchCreate')}
        open={open}
        initialValues={{ source: 'systemRelease', kind: 'personal', validDays: 365, durationDays: 365 }}
        pending={create.isPending}
        error={create.error}
        onCancel={() => {
          setOpen(false);
          create.reset();
        }}
        onSubmit={(v) =>
          create.mutate(v, {
            onSuccess: (r) => {
              setOpen(false);
              void message.success(t('batchCreated', { count: r.batch.quantity }));
            },
          })
        }
      >
        <Form.Item name="goodsCode" label={t('companyGoods')} rules={[{ required: true }]}>
          <Select showSearch options={GOODS_CODES.map((g) => ({ value: g, label: g }))} style={{ width: 240 }} />
        </Form.Item>
        <Space size="large" wrap>
          <Form.Item name="durationDays" label={t('batchDays')} rules={[{ required: true }]}>
            <InputNumber min={1} max={3650} precision={0} />
          </Form.Item>
          <Form.Item name="quantity" label={t('batchQuantity')} rules={[{ required: true }]}>
            <InputNumber min={1} max={MAX_BATCH_CODES} precision={0} />
          </Form.Item>
          <Form.Item name="validDays" label={t('batchValidDays')} rules={[{ required: true }]}>
            <InputNumber min={1} max={3650} precision={0} />
          </Form.Item>
        </Space>
        <Space size="large" wrap>
          <Form.Item name="source" label={t('batchSource')} rules={[{ required: true }]}>
            <Select
              style={{ width: 200 }}
              options={REDEEM_SOURCES.map((s) => ({ value: s, label: t(`batchSource_${s}`) }))}
            />
          </Form.Item>
          <Form.Item name="kind" label={t('batchKind')} rules={[{ required: true }]}>
            <Select
              style={{ width: 200 }}
              options={(['personal', 'company'] as const).map((k) => ({ value: k, label: t(`batchKind_${k}`) }))}
            />
          </Form.Item>
        </Space>
      </ActionDialog>
    </>
  );
}

function CodeHistory() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { message } = App.useApp();
  const [code, setCode] = useState<string | null>(null);
  const [voiding, setVoiding] = useState(false);
  const history = useConsoleCall(consoleCalls.codes.history, { code: code ?? '' }, code !== null);
  const abolish = useConsoleMutation(consoleCalls.codes.abolishCode);
  const mayManage = useMay('codes.manage');
  const found = history.data?.code;
  return (
    <Card size="small" title={t('codeHistoryTitle')} style={{ marginTop: 24 }}>
      <Form<{ code: string }> layout="inline" onFinish={(v) => setCode(v.code.trim())} style={{ marginBottom: 12 }}>
        <Form.Item name="code" label={t('codeLabel')} rules={[{ required: true, min: 4, max: 64 }]}>
          <Input allowClear style={{ width: 260 }} />
        </Form.Item>
        <Button htmlType="submit">{t('search')}</Button>
      </Form>
      {history.error ? <Alert type="error" showIcon title={errorText(history.error)} /> : null}
      {found ? (
        <>
          <Space wrap style={{ marginBottom: 8 }}>
            <Typography.Text strong>{found.code}</Typography.Text>
            <StatusTag tone={found.state === 'unused' ? 'success' : 'neutral'}>
              {t(`codeState_${found.state}`)}
            </StatusTag>
            <Typography.Text type="secondary">
              {found.goodsCode} · {t('batchDaysValue', { count: found.durationDays })} · {t('batchValidTo')}{' '}
              {date(found.validTo)}
            </Typography.Text>
            {mayManage && (found.state === 'unused' || found.state === 'preOccupied') ? (
              <Button danger size="small" onClick={() => setVoiding(true)}>
                {t('codeVoid')}
              </Button>
            ) : null}
          </Space>
          <ScrollRegion label={t('codeHistoryTitle')} testId="code-history">
            <Table
              rowKey={(e) => `${e.at}-${e.what}`}
              size="small"
              scroll={{ x: 760 }}
              pagination={false}
              dataSource={history.data?.events ?? []}
              columns={[
                { title: t('codeAt'), dataIndex: 'at', width: 160, render: dateTime },
                {
                  title: t('codeEvent'),
                  dataIndex: 'what',
                  width: 200,
                  render: (w: string) => t(`codeEvent_${w.replace('.', '_')}`, { defaultValue: w }),
                },
                { title: t('codeBy'), dataIndex: 'by', width: 240, render: (v: string | null) => v ?? '—' },
                { title: t('codeDetail'), dataIndex: 'detail', render: (v: string | null) => v ?? '—' },
              ]}
            />
          </ScrollRegion>
          <ActionDialog<object>
            title={t('codeVoidTitle', { code: found.code })}
            danger
            open={voiding}
            pending={abolish.isPending}
            error={abolish.error}
            onCancel={() => {
              setVoiding(false);
              abolish.reset();
            }}
            onSubmit={({ reason }) =>
              abolish.mutate(
                { code: found.code, reason },
                {
                  onSuccess: () => {
                    setVoiding(false);
                    void message.success(t('codeVoided'));
                  },
                },
              )
            }
          >
            <Typography.Paragraph>{t('codeVoidHint')}</Typography.Paragraph>
          </ActionDialog>
        </>
      ) : null}
    </Card>
  );
}

export function CodesPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { message } = App.useApp();
  const [pageNo, setPageNo] = useState(1);
  const [voiding, setVoiding] = useState<TRedeemBatch | null>(null);
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const list = useConsoleCall(consoleCalls.codes.batches, { pageNo, pageSize: CONSOLE_PAGE_SIZE });
  const abolish = useConsoleMutation(consoleCalls.codes.abolishBatch);
  const mayManage = useMay('codes.manage');

  const columns: ColumnsType<TRedeemBatch> = [
    { title: t('companyCreatedAt'), dataIndex: 'createdAt', width: 150, render: dateTime },
    { title: t('companyGoods'), dataIndex: 'goodsCode', width: 110 },
    { title: t('batchDays'), dataIndex: 'durationDays', width: 90, align: 'right' },
    { title: t('batchQuantity'), dataIndex: 'quantity', width: 90, align: 'right' },
    { title: t('batchSource'), dataIndex: 'source', width: 140, render: (s: string) => t(`batchSource_${s}`) },
    { title: t('batchKind'), dataIndex: 'kind', width: 100, render: (k: string) => t(`batchKind_${k}`) },
    { title: t('batchValidTo'), dataIndex: 'validTo', width: 110, render: date },
    {
      title: t('batchStates'),
      key: 'states',
      width: 260,
      render: (_, b) =>
        Object.entries(b.states)
          .map(([s, n]) => `${t(`codeState_${s}`)} ${n}`)
          .join(' · '),
    },
    { title: t('batchIssuedBy'), dataIndex: 'issuedBy', width: 220, ellipsis: true },
    {
      title: t('colActions'),
      key: 'actions',
      fixed: 'right',
      width: 200,
      render: (_, b) => (
        <Space size={4} wrap>
          <Button
            size="small"
            onClick={() =>
              consoleDownload(consoleCalls.codes.exportBatch, { batchId: b.id }, `codes-${b.id}.csv`).then(
                () => setDownloadError(null),
                setDownloadError,
              )
            }
          >
            {t('batchDownload')}
          </Button>
          {b.abolishedAt ? (
            <StatusTag tone="neutral">{t('batchVoided')}</StatusTag>
          ) : mayManage ? (
            <Button size="small" danger onClick={() => setVoiding(b)}>
              {t('batchVoid')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between', alignItems: 'baseline' }}>
        <Typography.Title level={1} style={{ fontSize: 22 }}>
          {t('codesTitle')}
        </Typography.Title>
        {mayManage ? <CreateBatch /> : null}
      </Space>
      {list.error || downloadError ? (
        <Alert type="error" showIcon title={errorText(list.error ?? downloadError)} style={{ marginBottom: 12 }} />
      ) : null}
      <PagedTable<TRedeemBatch>
        label={t('codesTitle')}
        testId="batches-table"
        rowKey="id"
        columns={columns}
        page={list.data}
        loading={list.isFetching}
        scrollX={1480}
        pageNo={pageNo}
        onPage={setPageNo}
      />
      <CodeHistory />
      <ActionDialog<object>
        title={t('batchVoidTitle', { count: voiding?.quantity ?? 0, goods: voiding?.goodsCode ?? '' })}
        danger
        open={voiding !== null}
        pending={abolish.isPending}
        error={abolish.error}
        onCancel={() => {
          setVoiding(null);
          abolish.reset();
        }}
        onSubmit={({ reason }) =>
          voiding &&
          abolish.mutate(
            { batchId: voiding.id, reason },
            {
              onSuccess: (r) => {
                setVoiding(null);
                void message.success(t('batchVoidDone', { count: r.abolished }));
              },
            },
          )
        }
      >
        <Typography.Paragraph>{t('batchVoidHint')}</Typography.Paragraph>
      </ActionDialog>
    </>
  );
}
