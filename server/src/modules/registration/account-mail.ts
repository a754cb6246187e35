/**
 * The mails of registration and recovery. Links are built from PUBLIC_URL
 * and the base path only, never from the Host header. Messages are handed
 * to delivery: written to the outbox (and, over SMTP, to a delivery job)
 * before the call answers, never waiting for SMTP, so an answer takes about
 * the same time whether a mail goes out or not (docs/protocol.md#security-rules:
 * answers never tell whether an account exists) and none is lost if the process dies.
 */
import type { TLanguage, TRegion } from '@ac/protocol/enums';
import { ACTIVATION_LINK_HOURS, RESET_LINK_MINUTES } from '@ac/protocol/registration';
import type { Mailer } from '../../adapters/mail.ts';
import type { SmsSender } from '../../adapters/sms/sms.ts';
import type { Tx } from '../../db/client.ts';
import {
  activationMailText,
  passwordResetNoticeText,
  registerNoticeText,
  resetMailText,
} from '../../i18n/mail-texts.ts';

/** Which China reset page a mailed link opens: the page outside the shell or the h5 one. */
export type ResetPage = 'page' | 'h5';

type Deps = {
  mailer: Mailer;
  sms: SmsSender;
  publicUrl: string;
  basePath: string;
  region: TRegion;
};

export function createAccountMail(d: Deps) {
  const web = `${d.publicUrl}${d.basePath}`;
  const links = {
    /** `/toactivate/{id}` exists in both regions (docs/product.md#routes). */
    activation: (token: string) => `${web}/toactivate/${token}`,
    /** China: `/password/reset/{id}` (h5: `/h5/reset/{id}`); overseas: the site page `/site/password/reset/{id}`. */
    reset: (token: string, page: ResetPage = 'page') =>
      d.region === 'cn'
        ? `${web}${page === 'h5' ? '/h5/reset' : '/password/reset'}/${token}`
        : `${web}/site/password/reset/${token}`,
  };

  return {
    links,
    /** With `tx`, the mail is written in the transaction that issued its link. */
    activation(to: string, lang: TLanguage, token: string, tx?: Tx) {
      return d.mailer.send({ to, ...activationMailText(lang, links.activation(token), ACTIVATION_LINK_HOURS) }, tx);
    },
    registerNotice(to: string, lang: TLanguage, tx?: Tx) {
      return d.mailer.send({ to, ...registerNoticeText(lang) }, tx);
    },
    reset(to: string, lang: TLanguage, token: string, page: ResetPage = 'page', tx?: Tx) {
      return d.mailer.send({ to, ...resetMailText(lang, links.reset(token, page), RESET_LINK_MINUTES) }, tx);
    },
    /** To the account's email, or by SMS to a mobile-only account. */
    async passwordResetNotice(user: { email: string | null; mobile: string | null }, lang: TLanguage) {
      const text = passwordResetNoticeText(lang);
      const { email, mobile } = user;
      if (email) await d.mailer.send({ to: email, ...text });
      else if (mobile)
        await d.sms.send({ to: mobile, text: text.text, template: 'notice', params: { subject: text.subject } });
    },
  };
}
export type AccountMail = ReturnType<typeof createAccountMail>;
