import { calls } from '@ac/protocol/calls';
import type { TInvoiceRow } from '@ac/protocol/invoice';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeServer } from '@/test/install-fake-server';
import { renderWithApp } from '@/test/render-with-app';
import { InvoiceRecordsPage } from './invoice-records-page';

const server = installFakeServer();

const row = (invoiceNo: string, over: Partial<TInvoiceRow>): TInvoiceRow => ({
  invoiceNo,
  type: 'ordinary',
  titleKind: 'company',
  titleName: '上海浩辰测试科技有限公司',
  amount: { amount: 12800, currency: 'CNY' },
  status: 'invoiced',
  appliedAt: '2026-11-23T10:00:00.000Z',
  issuedAt: null,
  orderCount: 1,
  reissuedBy: null,
  ...over,
});

describe('invoice records', () => {
  // docs/decisions/0010-invoices.md: a failed or voided invoice re-applies once (the server answers 2100007 after)
  it('offers to apply again for a failed invoice until it has been applied for again', async () => {
    const rows = [
      row('IV3', { status: 'invoiced', reissuedBy: null }),
      row('IV2', { status: 'failed', reissuedBy: 'IV3' }),
      row('IV1', { status: 'failed', reissuedBy: null }),
    ];
    server.on(calls.invoice.records.path, () => ({
      bizData: { rows, total: rows.length, pageNo: 1, pageSize: 10 },
    }));
    await renderWithApp(<InvoiceRecordsPage />, { path: '/invoice/record' });

    const tableRow = async (no: string) =>
      (await screen.findByRole('link', { name: no })).closest<HTMLElement>('tr, li.row-card')!;
    expect(
      within(await tableRow('IV1'))
        .getByRole('link', { name: 'Apply again' })
        .getAttribute('href'),
    ).toBe('/invoice/reCreate?no=IV1');
    expect(within(await tableRow('IV2')).queryByRole('link', { name: 'Apply again' })).toBeNull();
    expect(within(await tableRow('IV3')).queryByRole('link', { name: 'Apply again' })).toBeNull();
  }, 30_000);
});
