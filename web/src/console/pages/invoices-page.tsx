/**
 * Invoice applications (finance, China build): the queue (pending, oldest first) or any status;
 * per application Issue (through the configured provider), Upload (the manual provider: the PDF
 * or OFD issued in the tax system), Mark failed (the member reads the reason and re-applies) and
 * Void (a fresh second factor), each with a reason for the audit.
 */
import { consoleCalls } from '@ac/protocol/console/console-calls';
import {
  CONSOLE_INVOICE_STATUSES,
  INVOICE_UPLOAD_MAX_BYTES,
  type TConsoleInvoice,
} from '@ac/protocol/console/finance-shapes';
import { Alert, App, Button, DatePicker, Form, Input, Select, Space, Typography, Upload, type UploadFile } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusTag, type StatusTone } from '@/components/status-tag';
import { ConsoleError, useConsoleCall, useConsoleMutation } from '../api/console-api';
import { ActionDialog } from '../components/action-dialog';
import { useErrorText } from '../components/error-text';
import { dateTime, fileAsBase64, money } from '../components/format';
import { CONSOLE_PAGE_SIZE, PagedTable } from '../components/paged-table';
import { useMay } from '../components/staff-context';

type Status = (typeof CONSOLE_INVOICE_STATUSES)[number] | 'pending';
type Dialog = { kind: 'issue' | 'upload' | 'fail' | 'void'; invoice: TConsoleInvoice } | null;
const TONES: Record<string, StatusTone> = {
  invoicing: 'warning',
  reissuing: 'warning',
  invoiced: 'success',
  failed: 'error',
  voided: 'neutral',
};
const isPending = (s: string) => s === 'invoicing' || s === 'reissuing';

function InvoiceDialogs({ dialog, manual, close }: { dialog: Dialog; manual: boolean; close: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const issue = useConsoleMutation(consoleCalls.invoices.issue);
  const upload = useConsoleMutation(consoleCalls.invoices.upload);
  const fail = useConsoleMutation(consoleCalls.invoices.fail);
  const voidIt = useConsoleMutation(consoleCalls.invoices.void);
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const invoiceNo = dialog?.invoice.invoiceNo ?? '';
  const done = (text: string) => () => {
    close();
    setFiles([]);
    void message.success(text);
  };
  const cancel = () => {
    close();
    setFiles([]);
    setFileError(null);
    for (const m of [issue, upload, fail, voidIt]) m.reset();
  };
  return (
    <>
      <ActionDialog<object>
        title={t('invoiceIssueTitle', { invoiceNo })}
        open={dialog?.kind === 'issue'}
        pending={issue.isPending}
        error={issue.error}
        onCancel={cancel}
        onSubmit={({ reason }) =>
          issue.mutate(
            { invoiceNo, reason },
            { onSuccess: (r) => done(t('invoiceIssueDone', { status: t(`invoiceStatus_${r.invoice.status}`) }))() },
          )
        }
      >
        <Typography.Paragraph>{t('invoiceIssueHint')}</Typography.Paragraph>
      </ActionDialog>
      <ActionDialog<{ fiscalNo: string; issuedAt?: Dayjs | null }>
        title={t('invoiceUploadTitle', { invoiceNo })}
        open={dialog?.kind === 'upload' && manual}
        pending={upload.isPending}
        error={upload.error ?? (fileError ? new ConsoleError('file', fileError) : null)}
        onCancel={cancel}
        onSubmit={async ({ reason, fiscalNo, issuedAt }) => {
          const file = files[0]?.originFileObj;
          if (!file) {
            setFileError(t('invoiceFileMissing'));
            return;
          }
          setFileError(null);
          const ofd = file.name.toLowerCase().endsWith('.ofd');
          upload.mutate(
            {
              invoiceNo,
              reason,
              fiscalNo: fiscalNo.trim(),
              issuedAt: issuedAt?.toISOString(),
              contentType: ofd ? 'application/ofd' : 'application/pdf',
              data: await fileAsBase64(file),
            },
            { onSuccess: done(t('invoiceUploadDone')) },
          );
        }}
      >
        <Form.Item
          name="fiscalNo"
          label={t('fiscalNo')}
          extra={t('fiscalNoHint')}
          rules={[{ required: true, pattern: /^\d{8,20}$/, message: t('fiscalNoHint') }]}
        >
          <Input inputMode="numeric" maxLength={20} style={{ width: 260 }} />
        </Form.Item>
        <Form.Item name="issuedAt" label={t('issuedAt')} extra={t('issuedAtHint')}>
          <DatePicker showTime />
        </Form.Item>
        <Form.Item label={t('invoiceFile')} extra={t('invoiceFileHint')} required>
          <Upload
            accept=".pdf,.ofd,application/pdf"
            maxCount={1}
            fileList={files}
            beforeUpload={(file) => {
              if (file.size > INVOICE_UPLOAD_MAX_BYTES) {
                setFileError(t('errors:2500012'));
                return Upload.LIST_IGNORE;
              }
              setFileError(null);
              return false;
            }}
            onChange={({ fileList }) => setFiles(fileList.slice(-1))}
          >
            <Button>{t('chooseFile')}</Button>
          </Upload>
        </Form.Item>
      </ActionDialog>
      <ActionDialog<object>
        title={t('invoiceFailTitle', { invoiceNo })}
        danger
        open={dialog?.kind === 'fail'}
        pending={fail.isPending}
        error={fail.error}
        onCancel={cancel}
        onSubmit={({ reason }) => fail.mutate({ invoiceNo, reason }, { onSuccess: done(t('invoiceFailDone')) })}
      >
        <Typography.Paragraph>{t('invoiceFailHint')}</Typography.Paragraph>
      </ActionDialog>
      <ActionDialog<object>
        title={t('invoiceVoidTitle', { invoiceNo })}
        danger
        secondFactor
        open={dialog?.kind === 'void'}
        pending={voidIt.isPending}
        error={voidIt.error}
        onCancel={cancel}
        onSubmit={({ reason, secondFactorCode }) =>
          voidIt.mutate(
            { invoiceNo, reason, secondFactorCode: secondFactorCode || undefined },
            { onSuccess: done(t('invoiceVoidDone')) },
          )
        }
      >
        <Typography.Paragraph>{t('invoiceVoidHint')}</Typography.Paragraph>
      </ActionDialog>
    </>
  );
}

export function InvoicesPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [status, setStatus] = useState<Status | undefined>('pending');
  const [query, setQuery] = useState<{ query?: string; from?: string; to?: string }>({});
  const [pageNo, setPageNo] = useState(1);
  const [dialog, setDialog] = useState<Dialog>(null);
  const list = useConsoleCall(consoleCalls.invoices.queue, { status, ...query, pageNo, pageSize: CONSOLE_PAGE_SIZE });
  const mayIssue = useMay('invoices.issue');
  const mayVoid = useMay('invoices.void');
  const manual = list.data?.provider === 'manual';

  const columns: ColumnsType<TConsoleInvoice> = [
    { title: t('invoiceNo'), dataIndex: 'invoiceNo', width: 210 },
    { title: t('applied'), dataIndex: 'appliedAt', render: dateTime, width: 150 },
    {
      title: t('colStatus'),
      dataIndex: 'status',
      width: 120,
      render: (s: string) => <StatusTag tone={TONES[s] ?? 'neutral'}>{t(`invoiceStatus_${s}`)}</StatusTag>,
    },
    {
      title: t('invoiceTitleCol'),
      key: 'title',
      width: 260,
      render: (_, r) => (
        <>
          <div>{r.titleName}</div>
          {r.taxNo ? <Typography.Text type="secondary">{r.taxNo}</Typography.Text> : null}
        </>
      ),
    },
    { title: t('invoiceType'), dataIndex: 'type', width: 130, render: (v: string) => t(`invoiceType_${v}`) },
    { title: t('amount'), key: 'amount', width: 120, align: 'right', render: (_, r) => money(r.amount, r.currency) },
    { title: t('colEmail'), dataIndex: 'email', width: 200, ellipsis: true },
    {
      title: t('fiscalNo'),
      key: 'fiscal',
      width: 220,
      render: (_, r) =>
        r.fiscalNo ?? (r.failReason ? <Typography.Text type="danger">{r.failReason}</Typography.Text> : '—'),
    },
    {
      title: t('colActions'),
      key: 'actions',
      fixed: 'right',
      width: 250,
      render: (_, r) => (
        <Space wrap size={4}>
          {mayIssue && isPending(r.status) && manual ? (
            <Button size="small" type="primary" onClick={() => setDialog({ kind: 'upload', invoice: r })}>
              {t('invoiceUpload')}
            </Button>
          ) : null}
          {mayIssue && isPending(r.status) && !manual ? (
            <Button size="small" type="primary" onClick={() => setDialog({ kind: 'issue', invoice: r })}>
              {t('invoiceIssue')}
            </Button>
          ) : null}
          {mayIssue && isPending(r.status) ? (
            <Button size="small" danger onClick={() => setDialog({ kind: 'fail', invoice: r })}>
              {t('invoiceFail')}
            </Button>
          ) : null}
          {mayVoid && r.status === 'invoiced' ? (
            <Button size="small" danger onClick={() => setDialog({ kind: 'void', invoice: r })}>
              {t('invoiceVoid')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 22 }}>
        {t('invoicesTitle')}
      </Typography.Title>
      {list.data ? (
        <Typography.Paragraph type="secondary">
          {t(manual ? 'invoicesManualHint' : 'invoicesProviderHint', { provider: list.data.provider })}
        </Typography.Paragraph>
      ) : null}
      <Form<{ status?: Status; query?: string; period?: [Dayjs, Dayjs] | null }>
        layout="inline"
        initialValues={{ status: 'pending' }}
        onFinish={(v) => {
          setPageNo(1);
          setStatus(v.status);
          setQuery({
            query: v.query?.trim() || undefined,
            from: v.period?.[0]?.startOf('day').toISOString(),
            to: v.period?.[1]?.add(1, 'day').startOf('day').toISOString(),
          });
        }}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="status" label={t('colStatus')}>
          <Select
            allowClear
            style={{ width: 170 }}
            options={(['pending', ...CONSOLE_INVOICE_STATUSES] as const).map((s) => ({
              value: s,
              label: t(`invoiceStatus_${s}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="query" label={t('invoiceQuery')}>
          <Input allowClear style={{ width: 260 }} placeholder={t('invoiceQueryHint')} />
        </Form.Item>
        <Form.Item name="period" label={t('filterPeriod')}>
          <DatePicker.RangePicker />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('filter')}
        </Button>
      </Form>
      {list.error ? <Alert type="error" showIcon title={errorText(list.error)} /> : null}
      <PagedTable<TConsoleInvoice>
        label={t('invoicesTitle')}
        testId="invoices-table"
        rowKey="invoiceNo"
        columns={columns}
        page={list.data}
        loading={list.isFetching}
        scrollX={1660}
        pageNo={pageNo}
        onPage={setPageNo}
      />
      <InvoiceDialogs dialog={dialog} manual={manual} close={() => setDialog(null)} />
    </>
  );
}
