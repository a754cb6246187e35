/**
 * The mails of registration and recovery. Links are built from PUBLIC_URL
 * and the base path only, never from the Host header. Messages are handed
 * to delivery without waiting for it, so an answer takes the same time
 * whether a mail goes out or not (docs/protocol.md#security-rules: answers never tell whether an
 * account exists); a failed delivery stays in the outbox with its error.
 */
import type { TLanguage, TRegion } from '@ac/protocol/enums';
import { ACTIVATION_LINK_HOURS, RESET_LINK_MINUTES } from '@ac/protocol/registration';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../adapters/mail.ts';
import type { SmsSender } from '../../adapters/sms.ts';
import {
  activationMailText,
  passwordResetNoticeText,
  registerNoticeText,
  resetMailText,
} from '../../i18n/mail-texts.ts';
import { createBackgroundDelivery } from '../../lib/background-delivery.ts';

/** Which China reset page a mailed link opens: the page outside the shell or the h5 one. */
export type ResetPage = 'page' | 'h5';

type Deps = {
  mailer: Mailer;
  sms: SmsSender;
  publicUrl: string;
  basePath: string;
  region: TRegion;
  log: FastifyBaseLogger;
};

export function createAccountMail(d: Deps) {
  const background = createBackgroundDelivery(d.log);
  const dispatch = (deliver: () => Promise<void>) => background.dispatch('account mail', deliver);

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
    activation(to: string, lang: TLanguage, token: string) {
      dispatch(() =>
        d.mailer.send({ to, ...activationMailText(lang, links.activation(token), ACTIVATION_LINK_HOURS) }),
      );
    },
    registerNotice(to: string, lang: TLanguage) {
      dispatch(() => d.mailer.send({ to, ...registerNoticeText(lang) }));
    },
    reset(to: string, lang: TLanguage, token: string, page: ResetPage = 'page') {
      dispatch(() => d.mailer.send({ to, ...resetMailText(lang, links.reset(token, page), RESET_LINK_MINUTES) }));
    },
    /** To the account's email, or by SMS to a mobile-only account. */
    passwordResetNotice(user: { email: string | null; mobile: string | null }, lang: TLanguage) {
      const text = passwordResetNoticeText(lang);
      const { email, mobile } = user;
      if (email) dispatch(() => d.mailer.send({ to: email, ...text }));
      else if (mobile) dispatch(() => d.sms.send({ to: mobile, text: text.text }));
    },
    /** Waits for the deliveries in flight (the app awaits it on close). */
    drain: background.drain,
  };
}
export type AccountMail = ReturnType<typeof createAccountMail>;
