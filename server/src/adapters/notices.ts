/**
 * Delivers security notices (i18n/mail-texts.ts) by mail, or by SMS when the
 * account has no email. A notice follows a change that is already committed,
 * so a delivery failure is logged, never turned into a failed call.
 */
import type { TLanguage } from '@ac/protocol/enums';
import type { FastifyBaseLogger } from 'fastify';
import type { MailText } from '../i18n/mail-texts.ts';
import type { Mailer } from './mail.ts';
import type { SmsSender } from './sms/sms.ts';

export type NoticeAddress = { email?: string | null; mobile?: string | null };
export type NoticeOptions = { language: TLanguage; transient?: boolean };

export type Notifier = {
  send(to: NoticeAddress, text: (language: TLanguage) => MailText, options: NoticeOptions): Promise<void>;
};

export function createNotifier(d: { mailer: Mailer; sms: SmsSender; log: FastifyBaseLogger }): Notifier {
  return {
    async send(to, text, { language, transient }) {
      const { subject, text: body } = text(language);
      try {
        if (to.email) await d.mailer.send({ to: to.email, subject, text: body, transient });
        else if (to.mobile) await d.sms.send({ to: to.mobile, text: body, template: 'notice', params: { subject } });
      } catch (err) {
        d.log.warn({ err, subject }, 'security notice not delivered');
      }
    },
  };
}
