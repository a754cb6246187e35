/**
 * The run-time configuration the server injects into index.html as
 * `<meta name="app-config" content='{"region":"us","basePath":"/account/secure","payChannels":["card"],"renewing":true}'>`.
 * One build serves both regions; without the tag (the Vite dev server) the
 * overseas settings apply.
 */
import { PAY_CHANNELS, REGIONS, regionSettings, type TPayChannel, type TRegion } from '@ac/protocol/enums';

export type AppConfig = {
  region: TRegion;
  basePath: string;
  /** The header's external entries of this region (MY_CLOUD_URL); an entry without a URL is hidden. */
  links: { cloud?: string };
  /** Overseas, the channels of pay method 7 the server takes (card: Stripe, paypal: PayPal, fastspring: FastSpring's popup). */
  payChannels: TPayChannel[];
  /** Memberships can be bought renewing (a billing provider is configured: Stripe Billing overseas). */
  renewing: boolean;
};

const fallback: AppConfig = {
  region: 'us',
  basePath: regionSettings.us.basePath,
  links: {},
  payChannels: ['card'],
  renewing: false,
};
const BASE_PATH = /^(\/[\w-]+)*$/;
const LINK = /^https?:\/\//;

/**
 * Checked by hand rather than with zod: this runs before the first render, and zod stays out of
 * the start-up chunk (docs/performance.md).
 */
function toAppConfig(value: unknown): AppConfig | null {
  if (typeof value !== 'object' || value === null) return null;
  const { region, basePath, links = {}, payChannels = ['card'], renewing = false } = value as Record<string, unknown>;
  if (!REGIONS.includes(region as TRegion) || typeof basePath !== 'string' || !BASE_PATH.test(basePath)) return null;
  if (typeof links !== 'object' || links === null) return null;
  const { cloud } = links as Record<string, unknown>;
  if (cloud !== undefined && (typeof cloud !== 'string' || !LINK.test(cloud))) return null;
  if (!Array.isArray(payChannels) || !payChannels.every((c) => PAY_CHANNELS.includes(c))) return null;
  if (typeof renewing !== 'boolean') return null;
  return { region: region as TRegion, basePath, links: cloud === undefined ? {} : { cloud }, payChannels, renewing };
}

export function parseAppConfig(content: string | null | undefined): AppConfig {
  if (!content) return fallback;
  try {
    const parsed = toAppConfig(JSON.parse(content));
    return parsed ? { ...parsed, basePath: parsed.basePath.replace(/\/$/, '') } : fallback;
  } catch {
    return fallback;
  }
}

let cached: AppConfig | undefined;

export function getAppConfig(): AppConfig {
  cached ??= parseAppConfig(document.querySelector('meta[name="app-config"]')?.getAttribute('content'));
  return cached;
}

export function getRegion(): TRegion {
  return getAppConfig().region;
}

export function getPayChannels(): readonly TPayChannel[] {
  return getAppConfig().payChannels;
}

/** Whether "renew automatically" is offered (a billing provider is configured). */
export function canRenewAutomatically(): boolean {
  return getAppConfig().renewing;
}

/** A path inside the app (`/login`) as an absolute URL path (`/account/secure/login`). */
export function withBasePath(path: string): string {
  return `${getAppConfig().basePath}${path.startsWith('/') ? path : `/${path}`}`;
}
