/**
 * A receipt or credit note as an A4 PDF (pdfkit), drawn from its stored row — so it reads the
 * same every time it is downloaded. Labels are English; names and addresses are set in Noto Sans
 * (Latin, Greek, Cyrillic: @embedpdf/fonts-latin), or — a text with Han or kana in Noto Sans SC,
 * one with Hangul in Noto Sans KR (docs/decisions/0055-receipts.md). pdfkit embeds only the glyphs used.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { TBillingDetails } from '@ac/protocol/receipts';
import type { ReceiptSeller } from '../../config/receipts.ts';
import type { ReceiptRow } from './receipts.repo.ts';

const FONTS = {
  latin: ['@embedpdf/fonts-latin', 'NotoSans-Regular.ttf'],
  sc: ['@embedpdf/fonts-sc', 'NotoSansHans-Regular.otf'],
  kr: ['@embedpdf/fonts-kr', 'NotoSansKR-Regular.otf'],
} as const;
type FontName = keyof typeof FONTS;

const loaded = new Map<FontName, Buffer>();
/** A font file, read once (each package's main entry is dist/index.*; the fonts sit beside dist). */
function fontFile(name: FontName): Buffer {
  let file = loaded.get(name);
  if (!file) {
    const [pkg, path] = FONTS[name];
    file = readFileSync(join(dirname(createRequire(import.meta.url).resolve(pkg)), '..', 'fonts', path));
    loaded.set(name, file);
  }
  return file;
}

const CJK_RUN = /(\p{Script=Hangul}+|[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f]+)/u;

/** A text cut into runs, each with the font that has its script: Hangul → KR, Han or kana → SC, the rest Latin. */
export function fontRuns(text: string): { font: FontName; text: string }[] {
  return text
    .split(CJK_RUN)
    .filter((part) => part !== '')
    .map((part) => ({
      font: /\p{Script=Hangul}/u.test(part) ? 'kr' : CJK_RUN.test(part) ? 'sc' : 'latin',
      text: part,
    }));
}

export function formatMoney(minor: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(minor / 100);
}

const PROVIDERS: Record<string, string> = {
  stripe: 'Card (Stripe)',
  paypal: 'PayPal',
  sandbox: 'Sandbox (test payments)',
  alipay: 'Alipay',
  wechat: 'WeChat Pay',
};

const countryName = (code: string) => new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
const day = (d: Date) => d.toISOString().slice(0, 10);

/** The buyer's lines: name, address, country, VAT/GST id. */
function buyerLines(b: TBillingDetails | null, email: string | null): string[] {
  if (!b) return [email ?? '', 'No billing details were saved at the time of payment'].filter(Boolean);
  const place = [b.postalCode, b.city].filter(Boolean).join(' ');
  return [
    b.name,
    b.line1,
    b.line2,
    [place, b.region].filter(Boolean).join(', '),
    countryName(b.country),
    b.taxId ? `VAT/GST ID: ${b.taxId}` : '',
    email ?? '',
  ].filter(Boolean);
}

export async function renderReceiptPdf(r: ReceiptRow): Promise<Buffer> {
  // pdfkit loads on the first receipt, not at every start (lib/lazy.ts)
  const { default: PDFDocument } = await import('pdfkit');
  const receipt = r.kind === 'receipt';
  const title = receipt ? 'Receipt' : 'Credit note';
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `${title} ${r.number}`, CreationDate: r.issuedAt, ModDate: r.issuedAt },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (c: Buffer) => chunks.push(c));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const used = new Set<FontName>();
  /** One paragraph, each run in its script's font (`continued` joins the runs into one line). */
  const write = (text: string, options: PDFKit.Mixins.TextOptions = {}, x?: number, y?: number) => {
    const runs = fontRuns(text);
    runs.forEach((run, i) => {
      if (!used.has(run.font)) pdf.registerFont(run.font, fontFile(run.font));
      used.add(run.font);
      pdf.font(run.font);
      const o = { ...options, continued: i < runs.length - 1 };
      if (i === 0 && x !== undefined) pdf.text(run.text, x, y, o);
      else pdf.text(run.text, o);
    });
  };

  const left = 50;
  const width = pdf.page.width - 100;
  const seller = r.seller as ReceiptSeller;
  const buyer = r.buyer as TBillingDetails | null;

  pdf.fontSize(20);
  write(title);
  pdf.fontSize(10).moveDown(0.5);
  write(`Number: ${r.number}`);
  write(`Date: ${day(r.issuedAt)}`);
  write(`Order: ${r.orderNo}`);
  if (!receipt && r.refersTo) write(`Refers to receipt: ${r.refersTo}`);
  write(`Payment method: ${(r.provider && PROVIDERS[r.provider]) ?? 'Other'}`);
  pdf.moveDown(1);

  // seller and buyer side by side
  const top = pdf.y;
  const half = width / 2 - 10;
  pdf.fontSize(11);
  write('Seller', { width: half }, left, top);
  pdf.fontSize(10);
  for (const l of [seller.name, ...seller.address, seller.taxId ? `VAT/GST ID: ${seller.taxId}` : ''].filter(Boolean))
    write(l, { width: half });
  const sellerEnd = pdf.y;
  pdf.fontSize(11);
  write('Billed to', { width: half }, left + width / 2, top);
  pdf.fontSize(10);
  for (const l of buyerLines(buyer, r.buyerEmail)) write(l, { width: half });
  pdf.x = left;
  pdf.y = Math.max(sellerEnd, pdf.y) + 20;

  // the goods
  const cols = [left, left + width * 0.6, left + width * 0.75];
  const row = (cells: [string, string, string], size = 10) => {
    const y = pdf.y;
    pdf.fontSize(size);
    write(cells[0], { width: width * 0.58 }, cols[0], y);
    const h = pdf.y - y;
    write(cells[1], { width: width * 0.13, align: 'right' }, cols[1], y);
    write(cells[2], { width: width * 0.25, align: 'right' }, cols[2], y);
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
  const sign = receipt ? 1 : -1;
  row(['Item', 'Quantity', 'Amount']);
  rule();
  row([receipt ? r.goodsName : `Refund: ${r.goodsName}`, String(r.quantity), formatMoney(sign * r.amount, r.currency)]);
  rule();
  row([
    r.tax > 0 ? 'Tax (as charged by the payment provider, included)' : 'Tax not charged',
    '',
    formatMoney(sign * r.tax, r.currency),
  ]);
  row(
    [
      receipt ? `Total paid (${r.currency})` : `Total refunded (${r.currency})`,
      '',
      formatMoney(sign * r.amount, r.currency),
    ],
    11,
  );
  pdf.moveDown(2);
  pdf.fontSize(9).fillColor('#555555');
  write(
    receipt
      ? 'Thank you for your purchase. This receipt confirms the payment above.'
      : `This credit note confirms the refund above of the payment on receipt ${r.refersTo ?? ''}.`,
    {},
    left,
  );
  pdf.end();
  return done;
}
