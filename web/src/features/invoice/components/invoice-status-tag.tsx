/** The six invoice statuses of SPEC §3 as coloured tags. */
import type { TInvoiceStatus } from '@ac/protocol/enums';
import { useTranslation } from 'react-i18next';
import { StatusTag, type StatusTone } from '@/components/status-tag';

const tone: Record<TInvoiceStatus, StatusTone> = {
  notInvoiced: 'neutral',
  invoicing: 'info',
  reissuing: 'purple',
  invoiced: 'success',
  failed: 'error',
  voided: 'orange',
};

export function invoiceStatusKey(status: TInvoiceStatus): string {
  return `invoice.status${status.charAt(0).toUpperCase()}${status.slice(1)}`;
}

export function InvoiceStatusTag({ status }: { status: TInvoiceStatus }) {
  const { t } = useTranslation('invoice');
  return <StatusTag tone={tone[status]}>{t(invoiceStatusKey(status))}</StatusTag>;
}
