/**
 * The localised texts of the mails and SMS the server sends (verification
 * codes, account links, security notices), read from
 * `locales/<lng>/mail.json`: each message is a `<name>Subject` and a
 * `<name>Text` key whose `{{placeholders}}` are filled here. Links are built
 * by the caller from PUBLIC_URL and the base path only; no notice carries a
 * code, a token or the new address. `npm run i18n:check -w server` checks
 * that every language has English's keys and placeholders.
 */
import type { TLanguage } from '@ac/protocol/enums';
import de from './locales/de/mail.json' with { type: 'json' };
import en from './locales/en/mail.json' with { type: 'json' };
import es from './locales/es/mail.json' with { type: 'json' };
import fr from './locales/fr/mail.json' with { type: 'json' };
import hu from './locales/hu/mail.json' with { type: 'json' };
import it from './locales/it/mail.json' with { type: 'json' };
import ko from './locales/ko/mail.json' with { type: 'json' };
import zhCN from './locales/zh-CN/mail.json' with { type: 'json' };
import zhTW from './locales/zh-TW/mail.json' with { type: 'json' };

export type MailText = { subject: string; text: string };

type MailTable = typeof en;
const tables: Record<TLanguage, MailTable> = { 'zh-CN': zhCN, 'zh-TW': zhTW, en, fr, ko, de, it, es, hu };

/** The placeholders of each message (`<name>Subject` / `<name>Text` in mail.json). */
export type MailMessages = {
  code: { code: string; minutes: number };
  registerNotice: Record<never, never>;
  activation: { link: string; hours: number };
  reset: { link: string; minutes: number };
  passwordResetNotice: Record<never, never>;
  contactChanged: { contact: string };
  passwordChanged: Record<never, never>;
  twoFactorOn: Record<never, never>;
  twoFactorOff: Record<never, never>;
  thirdUnbound: { provider: string };
  thirdBound: { provider: string };
  accountDeleted: Record<never, never>;
  companyInvitation: { company: string; link: string; days: number };
  redeemHandOver: { company: string; goods: string; days: number; code: string; validTo: string; link: string };
  invoiceIssued: { invoiceNo: string; fiscalNo: string; amount: string; title: string; link: string };
  renewalFailed: { goods: string; amount: string; retry: string; end: string; link: string };
  renewalReminder: { goods: string; date: string; amount: string; link: string };
  endingReminder: { goods: string; date: string; link: string };
  newSignIn: { time: string; place: string; browser: string; link: string };
  dataExport: { link: string; hours: number };
  receiptIssued: { orderNo: string; number: string; amount: string; link: string };
  creditNoteIssued: { orderNo: string; number: string; receipt: string; amount: string; link: string };
};
export type MailMessage = keyof MailMessages;

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`mail text: no value for {{${name}}}`);
    return String(value);
  });
}

export function mailText<M extends MailMessage>(language: TLanguage, message: M, values: MailMessages[M]): MailText {
  const table = tables[language];
  return {
    subject: fill(table[`${message}Subject`], values),
    text: fill(table[`${message}Text`], values),
  };
}

/** A phrase of a mail (no subject): `renewalRetryAt` is the failed-renewal mail's next attempt. */
export function mailPhrase(language: TLanguage, key: 'renewalRetryAt', values: { at: string }): string {
  return fill(tables[language][key], values);
}

export function codeMessageText(language: TLanguage, code: string, minutes: number): MailText {
  return mailText(language, 'code', { code, minutes });
}

/** To an address that tried to register again (it already has an account). */
export function registerNoticeText(language: TLanguage): MailText {
  return mailText(language, 'registerNotice', {});
}

export function activationMailText(language: TLanguage, link: string, hours: number): MailText {
  return mailText(language, 'activation', { link, hours });
}

export function resetMailText(language: TLanguage, link: string, minutes: number): MailText {
  return mailText(language, 'reset', { link, minutes });
}

export function passwordResetNoticeText(language: TLanguage): MailText {
  return mailText(language, 'passwordResetNotice', {});
}

/** To the old address after the email or mobile number was changed. */
export function contactChangedText(language: TLanguage, kind: 'email' | 'mobile'): MailText {
  const table = tables[language];
  return mailText(language, 'contactChanged', {
    contact: kind === 'email' ? table.contactEmail : table.contactMobile,
  });
}

export function passwordChangedText(language: TLanguage): MailText {
  return mailText(language, 'passwordChanged', {});
}

/** Two-step verification turned on or off (docs/protocol.md#two-factor). */
export function twoFactorText(language: TLanguage, on: boolean): MailText {
  return mailText(language, on ? 'twoFactorOn' : 'twoFactorOff', {});
}

export function thirdBoundText(language: TLanguage, provider: string): MailText {
  return mailText(language, 'thirdBound', { provider });
}

export function thirdUnboundText(language: TLanguage, provider: string): MailText {
  return mailText(language, 'thirdUnbound', { provider });
}

/**
 * A sign-in from a new browser, device or country (docs/decisions/0045-sign-in-history.md):
 * the time in UTC, the place (a country named in the mail's language, region and city as the
 * IP database has them), the browser, and the link to the account's activity.
 */
export function newSignInText(
  language: TLanguage,
  v: {
    at: Date;
    place: { country: string | null; region: string; city: string; local: boolean } | null;
    browser: string | null;
    link: string;
  },
): MailText {
  const table = tables[language];
  let place = table.placeUnknown;
  if (v.place?.local) place = table.placeLocal;
  else if (v.place?.country) {
    let country = v.place.country;
    try {
      country = new Intl.DisplayNames([language], { type: 'region' }).of(v.place.country) ?? country;
    } catch {
      // an unknown code stays as it is
    }
    place = [v.place.city, v.place.region, country].filter(Boolean).join(', ');
  }
  const time = `${v.at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return mailText(language, 'newSignIn', { time, place, browser: v.browser ?? table.browserUnknown, link: v.link });
}

export function accountDeletedText(language: TLanguage): MailText {
  return mailText(language, 'accountDeleted', {});
}
