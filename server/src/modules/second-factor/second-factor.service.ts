/**
 * Second factors of a subject — a member or a staff account
 * (docs/decisions/0036-two-factor.md): an authenticator app (TOTP, secret
 * encrypted at rest, each time step used once), ten recovery codes (hashed,
 * single use), second-step tickets (hashed, single use, 5 minutes), trusted
 * browsers (hashed tokens, 30 days), and a failure counter per subject that
 * counts every attempt before it is checked and locks like logins.
 * Knows nothing of sessions: its callers decide what a proven factor opens.
 */
import { Code } from '@ac/protocol/codes';
import {
  SECOND_STEP_TICKET_MINUTES,
  type TRecoveryCodes,
  TRUSTED_BROWSER_DAYS,
  type TSecondFactorMethod,
  type TTotpStartResponse,
} from '@ac/protocol/two-factor';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { FieldCipher } from '../../lib/field-crypto.ts';
import { randomToken, sha256Hex } from '../../lib/hashing.ts';
import { addMs, DAY, iso, MINUTE, SECOND } from '../../lib/time.ts';
import { createPasskeys, type RelyingParty } from './passkeys.ts';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes.ts';
import { type AttemptRule, createSecondFactorRepo } from './second-factor.repo.ts';
import type { Subject, SubjectKind } from './subject.ts';
import { newTotpSecret, totpQrDataUrl, totpUrl, verifyTotp } from './totp.ts';

/** Wrong second factors before a lock, and the lock's growth: the rule of logins from one address. */
export const SECOND_FACTOR_ATTEMPTS: AttemptRule = {
  free: 4,
  decayMs: 15 * MINUTE,
  firstDelayMs: 30 * SECOND,
  maxDelayMs: 15 * MINUTE,
};

type Deps = {
  db: Db;
  /** FIELD_ENCRYPTION_KEY's cipher (lib/field-crypto.ts). */
  cipher: FieldCipher;
  /** The issuer authenticator apps show (the portal's host name). */
  issuer: string;
  /** The WebAuthn relying party of passkeys (PUBLIC_URL's host name and origin). */
  rp: RelyingParty;
  now?: () => Date;
};

/** What a completed second step hands back to the module that issued the ticket. */
export type CompletedSecondStep = { subject: Subject; context: unknown; method: TSecondFactorMethod };

export function createSecondFactorService(d: Deps) {
  const now = d.now ?? (() => new Date());
  const repo = createSecondFactorRepo(d.db);
  const passkeys = createPasskeys({ db: d.db, rp: d.rp, now });
  /** The associated data of a TOTP secret: a secret copied to another subject does not decrypt. */
  const secretContext = (s: Subject) => `second_factors.secret_encrypted:${s.kind}:${s.id}`;

  /** Counts the attempt before the check; 0000006 with the seconds left while the subject is locked. */
  async function beginAttempt(s: Subject) {
    if ((await repo.countAttempt(s, now(), SECOND_FACTOR_ATTEMPTS)) !== null) return;
    const until = await repo.lockedUntil(s);
    const left = until ? until.getTime() - now().getTime() : 0;
    throw new AppError(Code.tooManyRequests, `retry in ${Math.max(1, Math.ceil(left / 1000))} s`);
  }

  /** Checks and uses up a factor inside `tx`: the method, or null when wrong or already used. */
  async function check(s: Subject, typed: string, tx: DbOrTx): Promise<TSecondFactorMethod | null> {
    const r = createSecondFactorRepo(tx);
    const code = typed.trim();
    if (/^\d{6}$/.test(code)) {
      const totp = await r.findTotp(s);
      if (!totp?.confirmedAt || !totp.secretEncrypted) return null;
      const secret = d.cipher.decrypt(totp.secretEncrypted, secretContext(s));
      const step = verifyTotp(secret, code, now(), totp.lastUsedStep);
      return step !== null && (await r.useStep(totp.id, step)) ? 'totp' : null;
    }
    const hash = recoveryCodeHash(s, code);
    return hash && (await r.useRecoveryCode(s, hash, now())) ? 'recovery' : null;
  }

  async function newCodes(s: Subject, tx: DbOrTx): Promise<TRecoveryCodes> {
    const recoveryCodes = newRecoveryCodes();
    const hashes = recoveryCodes.map((c) => recoveryCodeHash(s, c) as string);
    await createSecondFactorRepo(tx).replaceRecoveryCodes(s, hashes, now());
    return { recoveryCodes };
  }

  async function isEnabled(s: Subject, tx?: DbOrTx) {
    return (await createSecondFactorRepo(tx ?? d.db).confirmedAt(s)) !== null;
  }

  async function confirmTotp(s: Subject, code: string, ticket?: string): Promise<TRecoveryCodes> {
    await beginAttempt(s);
    const answer = await d.db.transaction(async (tx) => {
      const r = createSecondFactorRepo(tx);
      if (ticket !== undefined) {
        const locked = await r.lockLiveTicket(sha256Hex(ticket), now());
        if (!locked || locked.subjectId !== s.id || locked.subjectKind !== s.kind) {
          throw new AppError(Code.secondStepExpired);
        }
      }
      const totp = await r.lockTotp(s);
      if (!totp?.secretEncrypted) throw new AppError(Code.totpSetupMissing);
      if (totp.confirmedAt) throw new AppError(Code.twoFactorAlreadyOn);
      const step = verifyTotp(d.cipher.decrypt(totp.secretEncrypted, secretContext(s)), code, now(), null);
      if (step === null) return null;
      await r.confirmTotp(totp.id, step, now());
      if (ticket !== undefined) await r.useTicket(sha256Hex(ticket), now());
      return newCodes(s, tx);
    });
    if (!answer) throw new AppError(Code.secondFactorInvalid);
    await repo.clearAttempts(s);
    return answer;
  }

  return {
    isEnabled,
    passkeys,

    /** What the second step of the subject offers: the app and recovery codes, and passkeys when it has some. */
    async methods(s: Subject): Promise<TSecondFactorMethod[]> {
      return (await passkeys.has(s)) ? ['totp', 'recovery', 'passkey'] : ['totp', 'recovery'];
    },

    async status(s: Subject) {
      const enabledAt = await repo.confirmedAt(s);
      return {
        enabled: enabledAt !== null,
        enabledAt: iso(enabledAt),
        recoveryCodesLeft: enabledAt ? await repo.recoveryCodesLeft(s) : 0,
      };
    },

    /** A new secret for an authenticator app (replacing an unconfirmed one); nothing is on until confirmTotp. */
    async startTotp(s: Subject, label: string, reuseSince?: Date): Promise<TTotpStartResponse> {
      if (await isEnabled(s)) throw new AppError(Code.twoFactorAlreadyOn);
      // a sign-in's enrolment asked again (a second tab, a retried request): the same pending secret
      const pending = reuseSince ? await repo.findTotp(s) : null;
      if (pending?.secretEncrypted && !pending.confirmedAt && reuseSince && pending.createdAt >= reuseSince) {
        const kept = d.cipher.decrypt(pending.secretEncrypted, secretContext(s));
        const url = totpUrl(kept, d.issuer, label);
        return { secret: kept, otpauthUrl: url, qrDataUrl: await totpQrDataUrl(url) };
      }
      const secret = newTotpSecret();
      const stored = await repo.putPendingTotp(s, d.cipher.encrypt(secret, secretContext(s)), now());
      if (!stored) throw new AppError(Code.twoFactorAlreadyOn);
      const otpauthUrl = totpUrl(secret, d.issuer, label);
      return { secret, otpauthUrl, qrDataUrl: await totpQrDataUrl(otpauthUrl) };
    },

    /** Turns the factor on with a first code from the app; answers the recovery codes (shown once). */
    confirmTotp: (s: Subject, code: string) => confirmTotp(s, code),

    /**
     * The enrolment a login's ticket asked for: the factor turned on and the
     * ticket used up in one transaction holding the ticket's row. 1600002
     * when the ticket is unknown, used or expired.
     */
    confirmTotpWithTicket: (s: Subject, code: string, ticket: string) => confirmTotp(s, code, ticket),

    /** A live ticket's subject and context (not used up), or null. */
    async liveTicket(ticket: string) {
      if (!ticket || ticket.length > 128) return null;
      const live = await repo.findLiveTicket(sha256Hex(ticket), now());
      if (!live) return null;
      const subject: Subject = { kind: live.subjectKind as SubjectKind, id: live.subjectId };
      return { subject, context: live.context, issuedAt: live.createdAt };
    },

    /** Proves a second factor (app code or recovery code, used up); counted and locked. */
    async verify(s: Subject, code: string): Promise<TSecondFactorMethod> {
      if (!(await isEnabled(s))) throw new AppError(Code.twoFactorNotOn);
      await beginAttempt(s);
      const method = await d.db.transaction((tx) => check(s, code, tx));
      if (!method) throw new AppError(Code.secondFactorInvalid);
      await repo.clearAttempts(s);
      return method;
    },

    async regenerateRecoveryCodes(s: Subject): Promise<TRecoveryCodes> {
      return d.db.transaction(async (tx) => {
        if (!(await isEnabled(s, tx))) throw new AppError(Code.twoFactorNotOn);
        return newCodes(s, tx);
      });
    },

    /** Two-factor off: the app, recovery codes, tickets and trusted browsers of the subject go; passkeys stay. */
    async disable(s: Subject, tx?: DbOrTx) {
      await createSecondFactorRepo(tx ?? d.db).deleteTwoStep(s);
    },
    /** Account deletion: the same as turning it off. */
    forget: (s: Subject, tx: DbOrTx) => createSecondFactorRepo(tx).deleteAll(s),

    /** A single-use ticket (5 minutes) for the second step, carrying what the caller needs to finish. */
    async issueTicket(s: Subject, context: unknown) {
      const ticket = randomToken();
      const at = now();
      const expiresAt = addMs(at, SECOND_STEP_TICKET_MINUTES * MINUTE);
      await repo.deleteTicketsExpiredBefore(addMs(at, -DAY));
      await repo.insertTicket({
        tokenHash: sha256Hex(ticket),
        subjectKind: s.kind,
        subjectId: s.id,
        context,
        createdAt: at,
        expiresAt,
      });
      return { ticket, expiresAt: iso(expiresAt) };
    },

    /**
     * The second step: the ticket's subject proves a factor; the ticket is
     * used up with it, in one transaction holding the ticket's row.
     * 1600002 when the ticket is unknown, used or expired; 1600001 when the
     * factor is wrong (the ticket stays for another try); 0000006 while locked.
     */
    async completeTicket(ticket: string, code: string): Promise<CompletedSecondStep> {
      const tokenHash = sha256Hex(ticket);
      const live = await repo.findLiveTicket(tokenHash, now());
      if (!live) throw new AppError(Code.secondStepExpired);
      const subject: Subject = { kind: live.subjectKind as SubjectKind, id: live.subjectId };
      await beginAttempt(subject);
      const method = await d.db.transaction(async (tx) => {
        const r = createSecondFactorRepo(tx);
        if (!(await r.lockLiveTicket(tokenHash, now()))) throw new AppError(Code.secondStepExpired);
        const used = await check(subject, code, tx);
        if (used) await r.useTicket(tokenHash, now());
        return used;
      });
      if (!method) throw new AppError(Code.secondFactorInvalid);
      await repo.clearAttempts(subject);
      return { subject, context: live.context, method };
    },

    /**
     * The second step with a passkey: the assertion (its challenge used up)
     * must come from one of the ticket's subject's passkeys; the ticket is
     * used up with it. Counted and locked like a code.
     */
    async completeTicketWithPasskey(
      ticket: string,
      challengeId: string,
      response: AuthenticationResponseJSON,
    ): Promise<CompletedSecondStep> {
      const tokenHash = sha256Hex(ticket);
      const live = await repo.findLiveTicket(tokenHash, now());
      if (!live) throw new AppError(Code.secondStepExpired);
      const subject: Subject = { kind: live.subjectKind as SubjectKind, id: live.subjectId };
      await beginAttempt(subject);
      await passkeys.verifyAssertion('secondStep', challengeId, response, subject);
      await d.db.transaction(async (tx) => {
        const r = createSecondFactorRepo(tx);
        if (!(await r.lockLiveTicket(tokenHash, now()))) throw new AppError(Code.secondStepExpired);
        await r.useTicket(tokenHash, now());
      });
      await repo.clearAttempts(subject);
      return { subject, context: live.context, method: 'passkey' };
    },

    /** A live second-step ticket's subject (for the options of a passkey second step); 1600002 otherwise. */
    async ticketSubject(ticket: string): Promise<Subject> {
      const live = await repo.findLiveTicket(sha256Hex(ticket), now());
      if (!live) throw new AppError(Code.secondStepExpired);
      return { kind: live.subjectKind as SubjectKind, id: live.subjectId };
    },

    /** A token for the "trust this browser" cookie (30 days). */
    async trustBrowser(s: Subject) {
      const token = randomToken();
      const at = now();
      const expiresAt = addMs(at, TRUSTED_BROWSER_DAYS * DAY);
      await repo.deleteTrustedBrowsersExpiredBefore(at);
      await repo.insertTrustedBrowser({
        tokenHash: sha256Hex(token),
        subjectKind: s.kind,
        subjectId: s.id,
        createdAt: at,
        expiresAt,
      });
      return { token, expiresAt };
    },
    async isTrustedBrowser(s: Subject, token: string | undefined) {
      if (!token || token.length > 128) return false;
      return repo.isTrustedBrowser(s, sha256Hex(token), now());
    },
    /** A password change or reset: no browser skips the second step any more. */
    forgetTrustedBrowsers: (s: Subject, tx?: DbOrTx) => createSecondFactorRepo(tx ?? d.db).deleteTrustedBrowsers(s),
  };
}
export type SecondFactorService = ReturnType<typeof createSecondFactorService>;
