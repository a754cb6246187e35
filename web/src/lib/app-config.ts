/**
 * The run-time configuration the server injects into index.html as
 * `<meta name="app-config" content='{"region":"us","basePath":"/account/secure","payChannels":["card"]}'>`.
 * One build serves both regions; without the tag (the Vite dev server) the
 * overseas settings apply.
 */
import { regionSettings, type TPayChannel, type TRegion, ZPayChannel, ZRegion } from '@ac/protocol/enums';
import { z } from 'zod';

const ZAppConfig = z.object({
  region: ZRegion,
  basePath: z.string().regex(/^(\/[\w-]+)*$/),
  /** The header's external entries of this region (MY_CLOUD_URL); an entry without a URL is hidden. */
  links: z
    .object({
      cloud: z
        .string()
        .regex(/^https?:\/\//)
        .optional(),
    })
    .default({}),
  /** Overseas, the channels of pay method 7 the server takes (card: Stripe, paypal: PayPal). */
  payChannels: z.array(ZPayChannel).default(['card']),
});
export type AppConfig = z.infer<typeof ZAppConfig>;

const fallback: AppConfig = { region: 'us', basePath: regionSettings.us.basePath, links: {}, payChannels: ['card'] };

export function parseAppConfig(content: string | null | undefined): AppConfig {
  if (!content) return fallback;
  try {
    const parsed = ZAppConfig.safeParse(JSON.parse(content));
    return parsed.success ? { ...parsed.data, basePath: parsed.data.basePath.replace(/\/$/, '') } : fallback;
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

/** A path inside the app (`/login`) as an absolute URL path (`/account/secure/login`). */
export function withBasePath(path: string): string {
  return `${getAppConfig().basePath}${path.startsWith('/') ? path : `/${path}`}`;
}
