import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { defineCall } from '../../envelope/call.ts';
import { AppError } from '../../lib/app-error.ts';
import { clearTicketCookie, setTicketCookie } from '../../lib/ticket-cookie.ts';
import type { AuditRepo } from '../audit/audit.repo.ts';
import type { CodesService } from '../codes/codes.service.ts';
import type { NodeDirectory } from '../nodes/node-directory.ts';
import type { UserService } from '../user/user.service.ts';
import type { SessionService } from './session.service.ts';

type Deps = {
  sessions: SessionService;
  codes: CodesService;
  users: UserService;
  audit: AuditRepo;
  publicUrl: string;
  /** When given, a failed login of an account living on another node answers 0300069 naming that node. */
  nodeDirectory?: Pick<NodeDirectory, 'elsewhere'>;
};

const loginLimit = { max: 30, timeWindow: '1 minute' };

export function createSessionCalls(d: Deps) {
  /** 1000001 (or a wrong code) for an account that lives on another node becomes 0300069 with that node's code as detail. */
  async function onOtherNode(e: unknown, account: string) {
    const failed = e instanceof AppError && (e.code === Code.loginFailed || e.code === Code.codeInvalid);
    if (!failed || !d.nodeDirectory) return e;
    const node = await d.nodeDirectory.elsewhere(account);
    return node ? new AppError(Code.accountOnOtherNode, node.code) : e;
  }

  return [
    defineCall(calls.session.login, {
      rateLimit: loginLimit,
      async handler({ payload, clientInfo, ip, userAgent, requestId, reply }) {
        const origin = { clientInfo, ip, userAgent };
        try {
          const { utoken, userId } = await d.sessions.loginWithPassword(payload.account, payload.password, origin);
          setTicketCookie(reply, d.publicUrl, utoken);
          await d.audit.record({ event: 'login.password', userId, ip, requestId });
          return { utoken, userInfo: await d.users.publicUserInfo(userId) };
        } catch (e) {
          await d.audit.record({ event: 'login.failed', ip, requestId, detail: { method: 'password' } });
          throw await onOtherNode(e, payload.account);
        }
      },
    }),
    defineCall(calls.session.loginByCode, {
      rateLimit: loginLimit,
      async handler({ payload, clientInfo, ip, userAgent, requestId, reply }) {
        const account = payload.account.includes('@') ? payload.account.toLowerCase() : payload.account;
        await d.sessions.assertLoginAllowed(account, ip);
        try {
          await d.codes.verify('login', account, payload.code);
        } catch (e) {
          await d.sessions.recordLoginFailure(account, ip);
          await d.audit.record({ event: 'login.failed', ip, requestId, detail: { method: 'code' } });
          throw await onOtherNode(e, account);
        }
        const { utoken, userId } = await d.sessions.loginWithVerifiedAccount(account, { clientInfo, ip, userAgent });
        setTicketCookie(reply, d.publicUrl, utoken);
        await d.audit.record({ event: 'login.code', userId, ip, requestId });
        return { utoken, userInfo: await d.users.publicUserInfo(userId) };
      },
    }),
    defineCall(calls.session.logout, {
      async handler({ session, ip, requestId, reply }) {
        await d.sessions.logout(session);
        clearTicketCookie(reply, d.publicUrl);
        await d.audit.record({ event: 'logout', userId: session.userId, ip, requestId });
        return {};
      },
    }),
  ];
}
