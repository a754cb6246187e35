/**
 * The account's activity (docs/decisions/0045-sign-in-history.md): 90 days of
 * sign-ins and security events, read back from the security log with the
 * approximate place of each address (the offline IP database) and the browser
 * its User-Agent names; the new-sign-in alert, sent when a sign-in comes from
 * a browser or device, or a country, none of the last 90 days' successful
 * sign-ins came from; and the scheduled purge of rows older than 90 days.
 */
import { ACTIVITY_DAYS, SECURITY_EVENTS, SIGN_IN_EVENTS, type TActivityRow } from '@ac/protocol/activity';
import type { TLanguage } from '@ac/protocol/enums';
import type { FastifyBaseLogger } from 'fastify';
import type { IpPlaces } from '../../adapters/ip-place.ts';
import type { Notifier } from '../../adapters/notices.ts';
import { messageLanguage } from '../../i18n/language.ts';
import { newSignInText } from '../../i18n/mail-texts.ts';
import { addMs, DAY, iso } from '../../lib/time.ts';
import { browserKey, browserOf } from '../../lib/user-agent.ts';
import type { AuditRow, AuditService } from '../audit/audit.service.ts';
import type { UserService } from '../user/user.service.ts';
import type { LoginOrigin } from './session.service.ts';

/** The log's events of a successful sign-in. */
export const SUCCESSFUL_SIGN_INS = SIGN_IN_EVENTS.filter((e) => e !== 'login.failed');
/** Every log event the activity reads (and purges after 90 days); `profile.updated` shows only when it changed the email or mobile. */
export const ACTIVITY_LOG_EVENTS = [
  ...SIGN_IN_EVENTS,
  ...SECURITY_EVENTS.filter((e) => e !== 'profile.contactChanged'),
  'profile.updated',
] as const;
const signIns: ReadonlySet<string> = new Set(SIGN_IN_EVENTS);
const CONTACT_FIELDS = ['email', 'mobile'];

type Deps = {
  audit: Pick<AuditService, 'eventsOf' | 'purge'>;
  users: Pick<UserService, 'findLive'>;
  places: IpPlaces;
  notifier: Notifier;
  /** PUBLIC_URL and the base path: the alert links to `<webUrl>/activity`. */
  webUrl: string;
  defaultLanguage: TLanguage;
  log?: FastifyBaseLogger;
  now?: () => Date;
};

const text = (v: unknown) => (typeof v === 'string' ? v : null);
const list = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** How a sign-in row proved who it was: `password`, `code`, `secondStep`, `passkey`, `device`, `third:<type>`. */
function methodOf(row: AuditRow): string {
  const detail = (row.detail ?? {}) as Record<string, unknown>;
  switch (row.event) {
    case 'login.password':
      return 'password';
    case 'login.code':
      return 'code';
    case 'login.passkey':
      return 'passkey';
    case 'login.device':
      return 'device';
    case 'third.login':
      return `third:${text(detail.type) ?? ''}`;
    case 'login.third':
      return text(detail.method) ?? 'third:';
    default:
      return text(detail.method) ?? 'password';
  }
}

/** What a security event adds: the third party, the fields changed, how many sessions ended. */
function detailOf(row: AuditRow): string | null {
  const detail = (row.detail ?? {}) as Record<string, unknown>;
  if (row.event === 'profile.updated')
    return list(detail.fields)
      .filter((f) => CONTACT_FIELDS.includes(f))
      .join(',');
  if (row.event === 'third.bound' || row.event === 'third.unbound') {
    return text(detail.type) ?? (list(detail.types).join(',') || null);
  }
  if (row.event === 'session.signedOutOthers' || row.event === 'session.notMe') {
    return typeof detail.count === 'number' ? String(detail.count) : null;
  }
  if (row.event.startsWith('login.') || row.event === 'third.login') {
    return text(detail.secondFactor);
  }
  return null;
}

export function createActivityService(d: Deps) {
  const now = d.now ?? (() => new Date());
  const since = () => addMs(now(), -ACTIVITY_DAYS * DAY);

  async function toRow(row: AuditRow): Promise<TActivityRow | null> {
    const signIn = signIns.has(row.event);
    let what = row.event;
    if (signIn) what = methodOf(row);
    else if (row.event === 'profile.updated') {
      if (!detailOf(row)) return null;
      what = 'profile.contactChanged';
    }
    const { browser, os } = browserOf(row.userAgent);
    return {
      id: String(row.id),
      at: iso(row.at),
      kind: signIn ? 'signIn' : 'event',
      success: row.event !== 'login.failed',
      what,
      detail: detailOf(row),
      ip: row.ip,
      place: await d.places.placeOf(row.ip),
      clientType: row.clientType,
      browser,
      os,
    };
  }

  return {
    /** The user's activity of the last 90 days, newest first. */
    async list(userId: string, kind: 'all' | 'signIn' | 'event' = 'all'): Promise<TActivityRow[]> {
      const rows = await d.audit.eventsOf(userId, ACTIVITY_LOG_EVENTS, since());
      const out: TActivityRow[] = [];
      for (const row of rows) {
        const r = await toRow(row);
        if (r && (kind === 'all' || r.kind === kind)) out.push(r);
      }
      return out;
    },

    /**
     * Called on a successful sign-in before it is recorded: an alert when its
     * browser or device, or its country, is none of the last 90 days'
     * successful sign-ins'. None when there is nothing to compare with (the
     * first sign-in after registration). A failure is logged, never the
     * sign-in's.
     */
    async signedIn(userId: string, origin: LoginOrigin): Promise<void> {
      try {
        const previous = (await d.audit.eventsOf(userId, SUCCESSFUL_SIGN_INS, since())).filter(
          (r) => r.clientType !== null,
        );
        if (!previous.length) return;
        const key = browserKey(origin.userAgent, origin.clientInfo.clientType);
        const knownBrowser = previous.some((r) => browserKey(r.userAgent, r.clientType) === key);
        const place = await d.places.placeOf(origin.ip);
        let newCountry = false;
        if (place?.country) {
          const countries = new Set<string>();
          for (const ip of new Set(previous.map((r) => r.ip))) {
            const c = (await d.places.placeOf(ip))?.country;
            if (c) countries.add(c);
          }
          newCountry = !countries.has(place.country);
        }
        if (knownBrowser && !newCountry) return;
        const user = await d.users.findLive(userId);
        if (!user) return;
        const { browser, os } = browserOf(origin.userAgent);
        const shown = [browser ?? origin.clientInfo.clientType, os].filter(Boolean).join(', ') || null;
        const at = now();
        const link = `${d.webUrl}/activity`;
        await d.notifier.send(
          { email: user.email, mobile: user.mobile },
          (l) => newSignInText(l, { at, place, browser: shown, link }),
          { language: messageLanguage(origin.clientInfo.language, d.defaultLanguage) },
        );
      } catch (err) {
        d.log?.warn({ err }, 'new sign-in alert not sent');
      }
    },

    /** The scheduled purge: the activity's rows older than 90 days; returns how many went. */
    purge: () => d.audit.purge(ACTIVITY_LOG_EVENTS, since()),
  };
}
export type ActivityService = ReturnType<typeof createActivityService>;
