/**
 * The invoicing provider from the environment (docs/decisions/0041-e-invoicing-platform.md):
 * INVOICING_PROVIDER and, for Nuonuo (诺诺开放平台), the app's credentials,
 * the seller's tax number and the invoice's fixed fields; a selected provider
 * with a missing setting stops the server, naming the variable.
 */
import { z } from 'zod';

/** manual: finance uploads each invoice issued in their own tax system (the console). */
export const INVOICING_PROVIDERS = ['sandbox', 'nuonuo', 'manual'] as const;
export type TInvoicingProvider = (typeof INVOICING_PROVIDERS)[number];

export type NuonuoConfig = {
  appKey: string;
  appSecret: string;
  /** The seller's tax number: `salerTaxNum` of each invoice and the `userTax` header. */
  taxNumber: string;
  /** The clerk (开票员) of the platform account, as the tax bureau knows them. */
  clerk: string;
  sellerTel: string;
  sellerAddress: string;
  /** The tax classification code of the goods (税收分类编码, 19 digits) and its VAT rate. */
  goodsCode: string;
  taxRate: string;
  /** A token that does not expire (set so when the app was created); else one is asked for with the app's credentials. */
  accessToken: string | undefined;
  /** The services endpoint (https://sdk.nuonuo.com/open/v1/services) and the token endpoint. */
  servicesUrl: string;
  tokenUrl: string;
};

export type InvoicingConfig = { provider: TInvoicingProvider; nuonuo: NuonuoConfig | undefined };

const text = z.string().trim().min(1);

/** The zod fields of the invoicing variables, spread into the environment schema. */
export const invoicingEnvShape = {
  INVOICING_PROVIDER: z.enum(INVOICING_PROVIDERS).default('sandbox'),
  NUONUO_APP_KEY: text.optional(),
  NUONUO_APP_SECRET: text.optional(),
  NUONUO_TAX_NUMBER: z
    .string()
    .regex(/^[0-9A-Z]{15,20}$/, 'must be the seller’s tax number (15-20 digits and capital letters)')
    .optional(),
  NUONUO_CLERK: text.optional(),
  NUONUO_SELLER_TEL: text.optional(),
  NUONUO_SELLER_ADDRESS: text.optional(),
  NUONUO_GOODS_CODE: z
    .string()
    .regex(/^\d{19}$/, 'must be the 19-digit tax classification code')
    .optional(),
  NUONUO_TAX_RATE: z
    .string()
    .regex(/^0(\.\d{1,3})?$/, 'must be a rate such as 0.06')
    .default('0.06'),
  NUONUO_ACCESS_TOKEN: text.optional(),
  /** Tests only (refused in production): the base of a local fake serving /open/v1/services and /accessToken. */
  NUONUO_API_BASE: z
    .string()
    .regex(/^https?:\/\/[^/]+\/?$/, 'must be an http(s):// URL without a path')
    .optional(),
};
type InvoicingEnv = z.infer<z.ZodObject<typeof invoicingEnvShape>>;

const REQUIRED = [
  'NUONUO_APP_KEY',
  'NUONUO_APP_SECRET',
  'NUONUO_TAX_NUMBER',
  'NUONUO_CLERK',
  'NUONUO_GOODS_CODE',
] as const;

export function refineInvoicingEnv(e: InvoicingEnv, ctx: z.RefinementCtx) {
  if (e.INVOICING_PROVIDER !== 'nuonuo') return;
  for (const name of REQUIRED) {
    if (!e[name] && !ctx.issues.some((i) => i.path?.[0] === name)) {
      ctx.addIssue({ code: 'custom', path: [name], message: 'is required when INVOICING_PROVIDER=nuonuo' });
    }
  }
}

/** Called after refineInvoicingEnv passed. */
export function invoicingConfig(e: InvoicingEnv): InvoicingConfig {
  if (e.INVOICING_PROVIDER !== 'nuonuo') return { provider: e.INVOICING_PROVIDER, nuonuo: undefined };
  const base = e.NUONUO_API_BASE?.replace(/\/$/, '');
  return {
    provider: 'nuonuo',
    nuonuo: {
      appKey: e.NUONUO_APP_KEY!,
      appSecret: e.NUONUO_APP_SECRET!,
      taxNumber: e.NUONUO_TAX_NUMBER!,
      clerk: e.NUONUO_CLERK!,
      sellerTel: e.NUONUO_SELLER_TEL ?? '',
      sellerAddress: e.NUONUO_SELLER_ADDRESS ?? '',
      goodsCode: e.NUONUO_GOODS_CODE!,
      taxRate: e.NUONUO_TAX_RATE,
      accessToken: e.NUONUO_ACCESS_TOKEN,
      servicesUrl: `${base ?? 'https://sdk.nuonuo.com'}/open/v1/services`,
      tokenUrl: `${base ?? 'https://open.nuonuo.com'}/accessToken`,
    },
  };
}
