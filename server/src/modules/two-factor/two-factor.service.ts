/**
 * The member's two-step verification settings (docs/protocol.md#two-factor):
 * set up an authenticator app (current password first), prove a second
 * factor in the session, new recovery codes, turn it off. The factors
 * themselves are the second-factor module's, for the subject `member`.
 */
import { Code } from '@ac/protocol/codes';
import type { TLanguage } from '@ac/protocol/enums';
import type {
  TEnrolConfirmResponse,
  TTotpStartResponse,
  TTwoFactorDisableRequest,
  TTwoFactorStatus,
} from '@ac/protocol/two-factor';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Notifier } from '../../adapters/notices.ts';
import type { AuthSession } from '../../envelope/call.ts';
import { messageLanguage } from '../../i18n/language.ts';
import { twoFactorText } from '../../i18n/mail-texts.ts';
import { AppError } from '../../lib/app-error.ts';
import { verifyPassword } from '../../lib/hashing.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { CompanyService } from '../company/company.service.ts';
import type { SecondFactorService } from '../second-factor/second-factor.service.ts';
import { member } from '../second-factor/subject.ts';
import type { LoginRequest, SessionService, TicketContext } from '../session/session.service.ts';
import type { UserInfoService } from '../session/user-info.service.ts';
import type { UserRow, UserService } from '../user/user.service.ts';

type Deps = {
  users: Pick<UserService, 'requireLive' | 'findLive' | 'recordLogin'>;
  userInfo: Pick<UserInfoService, 'publicUserInfo'>;
  secondFactors: Pick<
    SecondFactorService,
    | 'status'
    | 'isEnabled'
    | 'startTotp'
    | 'confirmTotp'
    | 'confirmTotpWithTicket'
    | 'liveTicket'
    | 'verify'
    | 'regenerateRecoveryCodes'
    | 'disable'
    | 'passkeys'
  >;
  sessions: Pick<
    SessionService,
    | 'beginAttempt'
    | 'attemptSucceeded'
    | 'markSecondFactor'
    | 'hasFreshSecondFactor'
    | 'requireFreshSecondFactor'
    | 'createSession'
  >;
  /** Whether the member's company requires two-factor (then it cannot be turned off). */
  companies: Pick<CompanyService, 'twoFactorRequiredBy'>;
  audit: AuditService;
  /** Turning it on or off sends a notice to the account's address. */
  notifier: Notifier;
  defaultLanguage: TLanguage;
};
type Origin = { ip: string; requestId: string; language?: string };

export function createTwoFactorService(d: Deps) {
  /** The current password, throttled under the key of password logins to this account; 1000013 when wrong. */
  async function checkPassword(user: UserRow, password: string, origin: Origin) {
    const account = user.email ?? user.mobile ?? user.id;
    await d.sessions.beginAttempt(account, origin.ip);
    const check = user.passwordHash ? await verifyPassword(password, user.passwordHash) : { ok: false };
    if (!check.ok) {
      await d.audit.record({
        event: 'twoFactor.reauthFailed',
        userId: user.id,
        ip: origin.ip,
        requestId: origin.requestId,
      });
      throw new AppError(Code.passwordWrong);
    }
    await d.sessions.attemptSucceeded(account, origin.ip);
  }

  async function notify(userId: string, on: boolean, language: string | undefined) {
    const user = await d.users.findLive(userId);
    if (user)
      await d.notifier.send(user, (l) => twoFactorText(l, on), {
        language: messageLanguage(language, d.defaultLanguage),
      });
  }

  /** A factor proven in this session: security changes are open for 10 minutes. */
  async function proven(session: AuthSession, origin: Origin, event: string, detail?: Record<string, unknown>) {
    await d.sessions.markSecondFactor(session.sessionId);
    await d.audit.record({ event, userId: session.userId, ip: origin.ip, requestId: origin.requestId, detail });
  }

  /** The member of a live enrolment ticket (a login whose company requires two-factor); 1600002 otherwise. */
  async function enrolling(ticket: string) {
    const live = await d.secondFactors.liveTicket(ticket);
    const context = live?.context as TicketContext | undefined;
    const user = live?.subject.kind === 'member' && context?.enrol ? await d.users.findLive(live.subject.id) : null;
    if (!live || !context || !user?.isActivate) throw new AppError(Code.secondStepExpired);
    return { user, context, issuedAt: live.issuedAt };
  }

  return {
    async status(session: AuthSession): Promise<TTwoFactorStatus> {
      const status = await d.secondFactors.status(member(session.userId));
      return {
        ...status,
        fresh: status.enabled && (await d.sessions.hasFreshSecondFactor(session.sessionId)),
        requiredByCompany: (await d.companies.twoFactorRequiredBy(session.userId)) !== null,
      };
    },

    /** A login's enrolment ticket: a new authenticator secret (no password: the first factor was just given). */
    async enrolStart(ticket: string): Promise<TTotpStartResponse> {
      const { user, issuedAt } = await enrolling(ticket);
      // asked twice with one ticket, it answers the same secret: the one the app was given is the one confirmed
      return d.secondFactors.startTotp(member(user.id), user.email ?? user.mobile ?? user.name, issuedAt);
    },

    /**
     * The enrolment's first code: two-factor is on, the ticket used up, and the
     * login finished with a session that has just proven a second factor.
     */
    async enrolConfirm(ticket: string, code: string, r: LoginRequest): Promise<TEnrolConfirmResponse> {
      const { user, context } = await enrolling(ticket);
      const { recoveryCodes } = await d.secondFactors.confirmTotpWithTicket(member(user.id), code, ticket);
      const at = new Date();
      await d.users.recordLogin(user.id, at);
      const utoken = await d.sessions.createSession(user.id, r, undefined, at);
      const origin = { ip: r.ip, requestId: r.requestId };
      await d.audit.record({
        event: 'twoFactor.enabled',
        userId: user.id,
        ...origin,
        detail: { method: 'totp', enrolment: true },
      });
      await d.audit.record({
        event: `login.${context.method.startsWith('third:') ? 'third' : context.method}`,
        userId: user.id,
        ...origin,
        detail: { secondFactor: 'enrolment' },
      });
      await notify(user.id, true, r.clientInfo.language);
      return { utoken, userInfo: await d.userInfo.publicUserInfo(user.id), recoveryCodes };
    },

    async startTotp(session: AuthSession, password: string, origin: Origin) {
      const user = await d.users.requireLive(session.userId);
      await checkPassword(user, password, origin);
      const label = user.email ?? user.mobile ?? user.name;
      return d.secondFactors.startTotp(member(user.id), label);
    },

    async confirmTotp(session: AuthSession, code: string, origin: Origin) {
      const answer = await d.secondFactors.confirmTotp(member(session.userId), code);
      await proven(session, origin, 'twoFactor.enabled', { method: 'totp' });
      await notify(session.userId, true, origin.language);
      return answer;
    },

    async verify(session: AuthSession, code: string, origin: Origin) {
      try {
        const method = await d.secondFactors.verify(member(session.userId), code);
        await proven(session, origin, 'twoFactor.verified', { method });
      } catch (e) {
        if (e instanceof AppError && e.code === Code.secondFactorInvalid) {
          await d.audit.record({
            event: 'twoFactor.verifyFailed',
            userId: session.userId,
            ip: origin.ip,
            requestId: origin.requestId,
          });
        }
        throw e;
      }
    },

    async regenerateRecoveryCodes(session: AuthSession, origin: Origin) {
      await d.sessions.requireFreshSecondFactor(session);
      const answer = await d.secondFactors.regenerateRecoveryCodes(member(session.userId));
      await d.audit.record({
        event: 'twoFactor.recoveryCodesRenewed',
        userId: session.userId,
        ip: origin.ip,
        requestId: origin.requestId,
      });
      return answer;
    },

    /** Off with a second factor, or with the password in a session whose second factor is fresh. */
    async disable(session: AuthSession, p: TTwoFactorDisableRequest, origin: Origin) {
      const subject = member(session.userId);
      if (!(await d.secondFactors.isEnabled(subject))) throw new AppError(Code.twoFactorNotOn);
      if (await d.companies.twoFactorRequiredBy(session.userId)) throw new AppError(Code.twoFactorRequiredByCompany);
      if ('code' in p) {
        await d.secondFactors.verify(subject, p.code);
      } else {
        await d.sessions.requireFreshSecondFactor(session);
        await checkPassword(await d.users.requireLive(session.userId), p.password, origin);
      }
      await d.secondFactors.disable(subject);
      await d.audit.record({
        event: 'twoFactor.disabled',
        userId: session.userId,
        ip: origin.ip,
        requestId: origin.requestId,
      });
      await notify(session.userId, false, origin.language);
    },

    /** My passkeys (docs/decisions/0047-passkeys.md). */
    passkeys: (session: AuthSession) => d.secondFactors.passkeys.list(member(session.userId)),

    /** Adding a passkey is a two-factor setting: a fresh second factor while two-step verification is on. */
    async passkeyRegisterOptions(session: AuthSession) {
      await d.sessions.requireFreshSecondFactor(session);
      const user = await d.users.requireLive(session.userId);
      const name = user.email ?? user.mobile ?? user.name;
      return d.secondFactors.passkeys.registrationOptions(member(user.id), {
        name,
        displayName: user.nickName || name,
      });
    },

    async passkeyRegister(
      session: AuthSession,
      challengeId: string,
      response: RegistrationResponseJSON,
      name: string,
      origin: Origin,
    ) {
      await d.sessions.requireFreshSecondFactor(session);
      const passkey = await d.secondFactors.passkeys.register(member(session.userId), challengeId, response, name);
      await d.audit.record({
        event: 'twoFactor.passkeyAdded',
        userId: session.userId,
        ip: origin.ip,
        requestId: origin.requestId,
        detail: { passkeyId: passkey.id },
      });
      return passkey;
    },

    passkeyRename: (session: AuthSession, id: string, name: string) =>
      d.secondFactors.passkeys.rename(member(session.userId), id, name),

    async passkeyRemove(session: AuthSession, id: string, origin: Origin) {
      await d.sessions.requireFreshSecondFactor(session);
      await d.secondFactors.passkeys.remove(member(session.userId), id);
      await d.audit.record({
        event: 'twoFactor.passkeyRemoved',
        userId: session.userId,
        ip: origin.ip,
        requestId: origin.requestId,
        detail: { passkeyId: id },
      });
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
