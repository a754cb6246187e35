/**
 * Sending a verification code (docs/protocol.md#verification-codes): who receives what — answers never
 * tell whether an account exists, and codes for session purposes go only to
 * the user's own address (or the new one being bound) — then the code
 * issued, delivered by mail or SMS and recorded.
 */
import { Code } from '@ac/protocol/codes';
import { normalizeMobile } from '@ac/protocol/common';
import type { TCodePurpose, TLanguage } from '@ac/protocol/enums';
import { CODE_TTL_MINUTES } from '@ac/protocol/verification';
import type { Mailer } from '../../adapters/mail.ts';
import type { SmsSender } from '../../adapters/sms/sms.ts';
import type { SmsTemplate } from '../../config/sms.ts';
import type { Tx } from '../../db/client.ts';
import type { AuthSession } from '../../envelope/call.ts';
import { messageLanguage } from '../../i18n/language.ts';
import { codeMessageText, registerNoticeText } from '../../i18n/mail-texts.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { NodeDirectory } from '../nodes/node-directory.ts';
import type { UserService } from '../user/user.service.ts';
import type { CodesService } from './codes.service.ts';

export type Delivery = 'code' | 'notice' | 'none';

/** The provider template of each code purpose (docs/decisions/0016-sms-providers.md). */
export const smsTemplateOf: Record<TCodePurpose, SmsTemplate> = {
  register: 'register',
  login: 'login',
  findPwd: 'reset',
  changePassword: 'reset',
  bindEmail: 'bind',
  bindMobile: 'bind',
  verifyCurrent: 'bind',
  cancelAccount: 'delete',
};

/** Purposes for an existing account: one living on another node is sent there (the jump-node screen). */
const accountPurposes: readonly TCodePurpose[] = ['login', 'findPwd'];

type Lookups = {
  accountExists(target: string): Promise<boolean>;
  ownAddresses(userId: string): Promise<(string | null)[]>;
};

export async function deliveryFor(
  purpose: TCodePurpose,
  target: string,
  session: AuthSession | null,
  lookups: Lookups,
): Promise<Delivery> {
  switch (purpose) {
    case 'login':
    case 'findPwd':
      return (await lookups.accountExists(target)) ? 'code' : 'none';
    case 'register':
      // the owner of an existing account is told instead of getting a code
      return (await lookups.accountExists(target)) ? 'notice' : 'code';
    case 'bindEmail':
    case 'bindMobile':
      if (!session) throw new AppError(Code.sessionExpired);
      return 'code';
    case 'changePassword':
    case 'cancelAccount':
    case 'verifyCurrent': {
      if (!session) throw new AppError(Code.sessionExpired);
      const own = await lookups.ownAddresses(session.userId);
      const same = (a: string) =>
        (normalizeMobile(a) ?? a.toLowerCase()) === (normalizeMobile(target) ?? target.toLowerCase());
      if (!own.some((a) => a && same(a))) {
        throw new AppError(Code.invalidParam, 'the code must go to your own email or mobile');
      }
      return 'code';
    }
  }
}

type Deps = {
  codes: Pick<CodesService, 'issue' | 'resendSeconds' | 'pending'>;
  mailer: Mailer;
  sms: SmsSender;
  users: Pick<UserService, 'findByAccount' | 'findLive'>;
  audit: AuditService;
  defaultLanguage: TLanguage;
  /** When given, a login or find-password code for an account living on another node answers 0300069. */
  nodeDirectory?: Pick<NodeDirectory, 'elsewhere'>;
};

/** A code request: its purpose and captcha ticket, the caller's session, language and address. */
export type CodeRequest = {
  purpose: TCodePurpose;
  ticket: string | undefined;
  session: AuthSession | null;
  language: string | undefined;
  ip: string;
  requestId: string;
};

type Send = { code(code: string): Promise<void>; notice(): Promise<void> };

export function createCodeDelivery(d: Deps) {
  const lookups: Lookups = {
    accountExists: async (target) => (await d.users.findByAccount(target)) !== null,
    ownAddresses: async (userId) => {
      const user = await d.users.findLive(userId);
      return user ? [user.email, user.mobile] : [];
    },
  };

  async function issue(target: string, channel: 'mail' | 'sms', send: Send, r: CodeRequest) {
    const { purpose } = r;
    // the other nodes are asked for every such target, so the answer takes as long for a local account
    const [delivery, otherNode] = await Promise.all([
      deliveryFor(purpose, target, r.session, lookups),
      d.nodeDirectory && accountPurposes.includes(purpose) ? d.nodeDirectory.elsewhere(target) : null,
    ]);
    if (otherNode) throw new AppError(Code.accountOnOtherNode, otherNode.code);
    // a code row is created in every case, so limits and answers are the same for any target
    const code = await d.codes.issue(purpose, target, { ip: r.ip, ticket: r.ticket });
    // the message is written (outbox, and its delivery job over SMTP) before the answer; SMTP is never awaited
    if (delivery === 'code') await send.code(code);
    else if (delivery === 'notice') await send.notice();
    await d.audit.record({
      event: 'code.sent',
      userId: r.session?.userId,
      ip: r.ip,
      requestId: r.requestId,
      detail: { channel, purpose, captcha: r.ticket !== undefined },
    });
    return { resendAfter: d.codes.resendSeconds };
  }

  const mailCode = (email: string, lang: TLanguage, code: string, tx?: Tx) =>
    d.mailer.send({ to: email, ...codeMessageText(lang, code, CODE_TTL_MINUTES) }, tx);
  const textCode = (mobile: string, lang: TLanguage, code: string, purpose: TCodePurpose) =>
    d.sms.send({
      to: mobile,
      text: codeMessageText(lang, code, CODE_TTL_MINUTES).text,
      template: smsTemplateOf[purpose],
      params: { code },
    });

  return {
    /**
     * Support resends the code a member waits for (the console, docs/operations.md#support-actions):
     * the same purpose, a new code within the member's send limits (no captcha), in `tx`. A mail is
     * written in `tx`; a text message is sent by the returned function once `tx` committed.
     * 2500065 when no code waits at the address.
     */
    async resendPending(address: string, channel: 'mail' | 'sms', tx: Tx) {
      const pending = await d.codes.pending(address, tx);
      if (!pending || pending.purpose === 'register') throw new AppError(Code.staffMemberNoPendingCode);
      const code = await d.codes.issue(pending.purpose, address, { staff: true }, tx);
      const lang = d.defaultLanguage;
      if (channel === 'mail') await mailCode(address, lang, code, tx);
      const afterCommit = channel === 'sms' ? () => textCode(address, lang, code, pending.purpose) : async () => {};
      return { purpose: pending.purpose, target: pending.target, afterCommit };
    },

    byEmail(email: string, r: CodeRequest) {
      const lang = messageLanguage(r.language, d.defaultLanguage);
      return issue(
        email,
        'mail',
        {
          code: (code) => mailCode(email, lang, code),
          notice: () => d.mailer.send({ to: email, ...registerNoticeText(lang) }),
        },
        r,
      );
    },
    bySms(mobile: string, r: CodeRequest) {
      const lang = messageLanguage(r.language, d.defaultLanguage);
      return issue(
        mobile,
        'sms',
        {
          code: (code) => textCode(mobile, lang, code, r.purpose),
          notice: () => {
            const { subject, text } = registerNoticeText(lang);
            return d.sms.send({ to: mobile, text, template: 'notice', params: { subject } });
          },
        },
        r,
      );
    },
  };
}
export type CodeDelivery = ReturnType<typeof createCodeDelivery>;
