import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TCodePurpose, TLanguage } from '@ac/protocol/enums';
import { CODE_RESEND_SECONDS, CODE_TTL_MINUTES } from '@ac/protocol/verification';
import type { Mailer } from '../../adapters/mail.ts';
import type { SmsSender } from '../../adapters/sms.ts';
import { type AuthSession, defineCall } from '../../envelope/call.ts';
import { messageLanguage } from '../../i18n/language.ts';
import { codeMessageText, registerNoticeText } from '../../i18n/mail-texts.ts';
import { AppError } from '../../lib/app-error.ts';
import type { BackgroundDelivery } from '../../lib/background-delivery.ts';
import type { AuditRepo } from '../audit/audit.repo.ts';
import type { NodeDirectory } from '../nodes/node-directory.ts';
import type { SessionRepo } from '../session/session.repo.ts';
import type { UserRepo } from '../user/user.repo.ts';
import { accountBlindPurposes, deliveryFor } from './code-delivery.ts';
import type { CodesService } from './codes.service.ts';

type Deps = {
  codes: CodesService;
  mailer: Mailer;
  sms: SmsSender;
  accounts: Pick<SessionRepo, 'findUserByAccount'>;
  users: Pick<UserRepo, 'findLiveUser'>;
  audit: AuditRepo;
  defaultLanguage: TLanguage;
  /** Sends the messages of account-blind purposes (login, findPwd, register) without waiting. */
  background: BackgroundDelivery;
  /** When given, a login or find-password code for an account living on another node answers 0300069. */
  nodeDirectory?: Pick<NodeDirectory, 'elsewhere'>;
};

/** Purposes for an existing account: one living on another node is sent there (the jump-node screen). */
const accountPurposes: readonly TCodePurpose[] = ['login', 'findPwd'];

type Send = { code(code: string): Promise<void>; notice(): Promise<void> };
type Origin = { session: AuthSession | null; ip: string; requestId: string; ticket: string | undefined };

const limit = { max: 20, timeWindow: '1 minute' };

export function createCodesCalls(d: Deps) {
  const lookups = {
    accountExists: async (target: string) => (await d.accounts.findUserByAccount(target)) !== null,
    ownAddresses: async (userId: string) => {
      const user = await d.users.findLiveUser(userId);
      return user ? [user.email, user.mobile] : [];
    },
  };

  async function issue(purpose: TCodePurpose, target: string, channel: 'mail' | 'sms', send: Send, o: Origin) {
    // the other nodes are asked for every such target, so the answer takes as long for a local account
    const [delivery, otherNode] = await Promise.all([
      deliveryFor(purpose, target, o.session, lookups),
      d.nodeDirectory && accountPurposes.includes(purpose) ? d.nodeDirectory.elsewhere(target) : null,
    ]);
    if (otherNode) throw new AppError(Code.accountOnOtherNode, otherNode.code);
    // a code row is created in every case, so limits and answers are the same for any target
    const code = await d.codes.issue(purpose, target, { ip: o.ip, ticket: o.ticket });
    const deliver = delivery === 'code' ? () => send.code(code) : delivery === 'notice' ? send.notice : undefined;
    if (deliver && accountBlindPurposes.includes(purpose)) d.background.dispatch(`${channel} code`, deliver);
    else if (deliver) await deliver();
    await d.audit.record({
      event: 'code.sent',
      userId: o.session?.userId,
      ip: o.ip,
      requestId: o.requestId,
      detail: { channel, purpose, captcha: o.ticket !== undefined },
    });
    return { resendAfter: CODE_RESEND_SECONDS };
  }

  return [
    defineCall(calls.codes.sendEmailCode, {
      rateLimit: limit,
      handler({ payload: { email, purpose, ticket }, clientInfo, session, ip, requestId }) {
        const lang = messageLanguage(clientInfo.language, d.defaultLanguage);
        return issue(
          purpose,
          email,
          'mail',
          {
            code: (code) => d.mailer.send({ to: email, ...codeMessageText(lang, code, CODE_TTL_MINUTES) }),
            notice: () => d.mailer.send({ to: email, ...registerNoticeText(lang) }),
          },
          { session, ip, requestId, ticket },
        );
      },
    }),
    defineCall(calls.codes.sendSmsCode, {
      rateLimit: limit,
      handler({ payload: { mobile, purpose, ticket }, clientInfo, session, ip, requestId }) {
        const lang = messageLanguage(clientInfo.language, d.defaultLanguage);
        return issue(
          purpose,
          mobile,
          'sms',
          {
            code: (code) => d.sms.send({ to: mobile, text: codeMessageText(lang, code, CODE_TTL_MINUTES).text }),
            notice: () => d.sms.send({ to: mobile, text: registerNoticeText(lang).text }),
          },
          { session, ip, requestId, ticket },
        );
      },
    }),
    defineCall(calls.codes.smsCodeVerify, {
      rateLimit: limit,
      async handler({ payload }) {
        await d.codes.verify(payload.purpose, payload.mobile, payload.code, { consume: false });
        return { verified: true as const };
      },
    }),
  ];
}
