/**
 * An invoice as an A4 PDF (pdfkit), in Chinese with English labels, set in
 * Noto Sans SC from @embedpdf/fonts-sc; pdfkit embeds only the glyphs used
 * (docs/decisions/0010-invoices.md).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { InvoiceDocument, IssuedInvoice } from './provider.ts';

let font: Buffer | undefined;
/** The OpenType font, read once (the package's main entry is dist/index.*; the fonts sit beside dist). */
function cjkFont(): Buffer {
  if (!font) {
    const main = createRequire(import.meta.url).resolve('@embedpdf/fonts-sc');
    font = readFileSync(join(dirname(main), '..', 'fonts', 'NotoSansHans-Regular.otf'));
  }
  return font;
}

const TYPE_LABEL = {
  ordinary: ['电子发票（普通发票）', 'Electronic invoice (ordinary)'],
  specialVat: ['电子发票（增值税专用发票）', 'Electronic invoice (special VAT)'],
} as const;

export function formatAmount(fen: number, currency: string): string {
  const symbol = currency === 'CNY' ? '¥' : '$';
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  const units = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}${symbol}${units}.${String(abs % 100).padStart(2, '0')}`;
}

/** The tax classification shown before each item, as Chinese e-invoices print it. */
export const ITEM_CATEGORY = '*信息技术服务*软件服务 ';

const day = (d: Date) => d.toISOString().slice(0, 10);

export async function renderInvoicePdf(doc: InvoiceDocument, issued: IssuedInvoice, issuer: string): Promise<Buffer> {
  // pdfkit loads on the first invoice, not at every start (lib/lazy.ts)
  const { default: PDFDocument } = await import('pdfkit');
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Invoice ${doc.invoiceNo}`, CreationDate: issued.issuedAt, ModDate: issued.issuedAt },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (c: Buffer) => chunks.push(c));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  pdf.registerFont('cjk', cjkFont());
  pdf.font('cjk');

  const left = 50;
  const width = pdf.page.width - 100;
  const [heading, subheading] = TYPE_LABEL[doc.type];
  pdf.fontSize(18).text(heading, { align: 'center' });
  pdf.fontSize(11).text(subheading, { align: 'center' });
  pdf.moveDown(0.8);
  pdf.fontSize(10);
  const field = (label: string, value: string) => pdf.text(`${label}：${value || '—'}`);
  field('发票号码 Invoice number', issued.fiscalNo);
  field('开票日期 Date of issue', day(issued.issuedAt));
  field('申请编号 Application', doc.invoiceNo);
  pdf.moveDown(0.8);

  pdf.fontSize(12).text('购买方 Buyer');
  pdf.fontSize(10);
  field('名称 Name', doc.title.name);
  if (doc.title.kind === 'company') field('纳税人识别号 Tax number', doc.title.taxNo);
  if (doc.title.address || doc.title.phone)
    field('地址、电话 Address, phone', `${doc.title.address} ${doc.title.phone}`.trim());
  if (doc.title.bankName || doc.title.bankAccount) {
    field('开户行及账号 Bank, account', `${doc.title.bankName} ${doc.title.bankAccount}`.trim());
  }
  pdf.moveDown(0.8);

  // the lines: item, order number, amount
  const cols = [left, left + width * 0.45, left + width * 0.78];
  const row = (cells: string[], size = 10) => {
    const y = pdf.y;
    pdf.fontSize(size);
    pdf.text(cells[0] ?? '', cols[0], y, { width: width * 0.43 });
    const h = pdf.y - y;
    pdf.text(cells[1] ?? '', cols[1], y, { width: width * 0.32 });
    pdf.text(cells[2] ?? '', cols[2], y, { width: width * 0.22, align: 'right' });
    pdf.x = left;
    pdf.y = y + Math.max(h, pdf.currentLineHeight(true)) + 4;
  };
  const rule = () => {
    pdf
      .moveTo(left, pdf.y)
      .lineTo(left + width, pdf.y)
      .lineWidth(0.5)
      .stroke();
    pdf.y += 4;
  };
  row(['项目名称 Item', '订单号 Order', '金额 Amount']);
  rule();
  for (const line of doc.lines)
    row([`${ITEM_CATEGORY}${line.goodsName}`, line.orderNo, formatAmount(line.amount, doc.currency)]);
  rule();
  row(['价税合计 Total (tax included)', '', formatAmount(doc.amount, doc.currency)], 11);
  pdf.moveDown(1.5);
  pdf.fontSize(9).fillColor('#555555');
  pdf.text(`电子发票接收邮箱 E-mail for the electronic copy: ${doc.email}`, left);
  pdf.text(`开票服务 Issued through: ${issuer}`, left);
  pdf.end();
  return done;
}
