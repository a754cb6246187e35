/**
 * The run-time configuration the server injects into index.html as
 * `<meta name="app-config" content='{"region":"us","basePath":"/account/secure"}'>`.
 * One build serves both regions; without the tag (the Vite dev server) the
 * overseas settings apply.
 */
import { REGIONS, regionSettings, type TRegion } from '@ac/protocol/enums';

export type AppConfig = {
  region: TRegion;
  basePath: string;
  /** The header's external entries of this region (MY_CLOUD_URL); an entry without a URL is hidden. */
  links: { cloud?: string };
};

const fallback: AppConfig = { region: 'us', basePath: regionSettings.us.basePath, links: {} };
const BASE_PATH = /^(\/[\w-]+)*$/;
const LINK = /^https?:\/\//;

/**
 * Checked by hand rather than with zod: this runs before the first render, and zod stays out of
 * the start-up chunk (docs/performance.md).
 */
function toAppConfig(value: unknown): AppConfig | null {
  if (typeof value !== 'object' || value === null) return null;
  const { region, basePath, links = {} } = value as Record<string, unknown>;
  if (!REGIONS.includes(region as TRegion) || typeof basePath !== 'string' || !BASE_PATH.test(basePath)) return null;
  if (typeof links !== 'object' || links === null) return null;
  const { cloud } = links as Record<string, unknown>;
  if (cloud !== undefined && (typeof cloud !== 'string' || !LINK.test(cloud))) return null;
  return { region: region as TRegion, basePath, links: cloud === undefined ? {} : { cloud } };
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

/** A path inside the app (`/login`) as an absolute URL path (`/account/secure/login`). */
export function withBasePath(path: string): string {
  return `${getAppConfig().basePath}${path.startsWith('/') ? path : `/${path}`}`;
}
