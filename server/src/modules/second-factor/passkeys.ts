/**
 * Passkeys (WebAuthn) of a subject (docs/decisions/0047-passkeys.md) with
 * @simplewebauthn/server: registration of discoverable credentials, and
 * assertions for a passwordless sign-in (any subject's passkey) or a second
 * factor (the subject's own). The relying party is PUBLIC_URL: its host name
 * is the RP id, its origin the only origin accepted. Challenges are stored
 * server-side (hashed id, single use, 5 minutes); the library checks the
 * challenge, origin, RP id, signature and sign counter.
 */

import { Code } from '@ac/protocol/codes';
import { PASSKEY_CHALLENGE_MINUTES, PASSKEY_MAX, type TPasskey, type TPasskeyOptions } from '@ac/protocol/two-factor';
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { and, count, eq, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { secondFactors, webauthnChallenges } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { randomToken, sha256Hex } from '../../lib/hashing.ts';
import { addMs, iso, MINUTE } from '../../lib/time.ts';
import type { Subject, SubjectKind } from './subject.ts';

/** The relying party: PUBLIC_URL's host name (RP id) and origin; `name` is what the browser shows. */
export type RelyingParty = { id: string; origin: string; name: string };
/**
 * PUBLIC_URL's host name and origin. An IP address cannot be a WebAuthn RP
 * id, so a loopback PUBLIC_URL (`http://127.0.0.1:8080`, a developer's
 * machine and the browser tests) uses `localhost` on the same port: passkeys
 * work there on `http://localhost:<port>`, which browsers treat as secure.
 */
export const relyingPartyOf = (publicUrl: string): RelyingParty => {
  const url = new URL(publicUrl);
  if (/^127\.\d+\.\d+\.\d+$/.test(url.hostname) || url.hostname === '[::1]') url.hostname = 'localhost';
  return { id: url.hostname, origin: url.origin, name: url.hostname };
};

/** What `second_factors.credential` holds for a passkey. */
type StoredCredential = {
  publicKey: string;
  counter: number;
  transports: AuthenticatorTransport[];
  backedUp: boolean;
  deviceType: string;
  aaguid: string;
};
const TRANSPORTS: readonly AuthenticatorTransport[] = ['ble', 'hybrid', 'internal', 'nfc', 'usb'];
type ChallengePurpose = 'register' | 'login' | 'secondStep';
type PasskeyRow = typeof secondFactors.$inferSelect;

const ofSubject = (s: Subject) =>
  and(eq(secondFactors.subjectKind, s.kind), eq(secondFactors.subjectId, s.id), eq(secondFactors.kind, 'passkey'));

const asPasskey = (r: PasskeyRow): TPasskey => ({
  id: r.id,
  name: r.label ?? '',
  createdAt: iso(r.createdAt) as string,
  lastUsedAt: iso(r.lastUsedAt),
  synced: (r.credential as StoredCredential | null)?.backedUp ?? false,
});

/** An assertion checked: whose passkey, and whether the authenticator verified the user. */
export type PasskeyAssertion = { subject: Subject; userVerified: boolean; passkeyId: string };

export function createPasskeys(d: { db: Db; rp: RelyingParty; now: () => Date }) {
  const { rp, now } = d;

  async function newChallenge(purpose: ChallengePurpose, challenge: string, s: Subject | null) {
    const challengeId = randomToken();
    const at = now();
    await d.db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, at));
    await d.db.insert(webauthnChallenges).values({
      idHash: sha256Hex(challengeId),
      purpose,
      subjectKind: s?.kind ?? null,
      subjectId: s?.id ?? null,
      challenge,
      createdAt: at,
      expiresAt: addMs(at, PASSKEY_CHALLENGE_MINUTES * MINUTE),
    });
    return challengeId;
  }

  /**
   * Uses up a challenge in one statement (a replay finds nothing): its
   * value, or 1600020 when unknown, used, expired, for another purpose or
   * another subject.
   */
  async function takeChallenge(challengeId: string, purpose: ChallengePurpose, s: Subject | null) {
    const [row] = await d.db
      .delete(webauthnChallenges)
      .where(eq(webauthnChallenges.idHash, sha256Hex(challengeId)))
      .returning();
    const ok =
      row &&
      row.purpose === purpose &&
      row.expiresAt > now() &&
      (s === null || (row.subjectKind === s.kind && row.subjectId === s.id));
    if (!ok) throw new AppError(Code.passkeyChallengeExpired);
    return row.challenge;
  }

  async function rowsOf(s: Subject, db: DbOrTx = d.db) {
    return db.select().from(secondFactors).where(ofSubject(s)).orderBy(secondFactors.createdAt);
  }

  async function requireRoom(s: Subject) {
    const [row] = await d.db.select({ n: count() }).from(secondFactors).where(ofSubject(s));
    if ((row?.n ?? 0) >= PASSKEY_MAX) throw new AppError(Code.passkeyLimit);
  }

  /** The library's check of an assertion against a stored passkey; 1600021 when it fails. */
  async function checkAssertion(response: AuthenticationResponseJSON, expectedChallenge: string, row: PasskeyRow) {
    const stored = row.credential as StoredCredential;
    let result: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
    try {
      result = await verifyAuthenticationResponse({
        response,
        expectedChallenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        credential: {
          id: row.credentialId as string,
          publicKey: isoBase64URL.toBuffer(stored.publicKey),
          counter: stored.counter,
          transports: stored.transports,
        },
        requireUserVerification: false,
      });
    } catch {
      throw new AppError(Code.passkeyInvalid);
    }
    if (!result.verified) throw new AppError(Code.passkeyInvalid);
    const { newCounter, userVerified, credentialBackedUp } = result.authenticationInfo;
    // the counter as read: a parallel use of a cloned authenticator's same counter loses
    const updated = await d.db
      .update(secondFactors)
      .set({
        credential: { ...stored, counter: newCounter, backedUp: credentialBackedUp },
        lastUsedAt: now(),
      })
      .where(
        and(eq(secondFactors.id, row.id), sql`(${secondFactors.credential}->>'counter')::bigint = ${stored.counter}`),
      )
      .returning({ id: secondFactors.id });
    if (updated.length === 0) throw new AppError(Code.passkeyInvalid);
    return { userVerified };
  }

  return {
    list: async (s: Subject) => (await rowsOf(s)).map(asPasskey),

    async has(s: Subject, db: DbOrTx = d.db) {
      const [row] = await db.select({ n: count() }).from(secondFactors).where(ofSubject(s));
      return (row?.n ?? 0) > 0;
    },

    /** Creation options for a new discoverable passkey (the subject's own excluded). */
    async registrationOptions(s: Subject, user: { name: string; displayName: string }): Promise<TPasskeyOptions> {
      await requireRoom(s);
      const existing = await rowsOf(s);
      const options = await generateRegistrationOptions({
        rpName: rp.name,
        rpID: rp.id,
        userID: new TextEncoder().encode(`${s.kind}:${s.id}`),
        userName: user.name,
        userDisplayName: user.displayName,
        attestationType: 'none',
        excludeCredentials: existing.map((r) => ({
          id: r.credentialId as string,
          transports: (r.credential as StoredCredential).transports,
        })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      });
      return { challengeId: await newChallenge('register', options.challenge, s), options: { ...options } };
    },

    /** Checks the browser's attestation and stores the passkey under `name`. */
    async register(s: Subject, challengeId: string, response: RegistrationResponseJSON, name: string) {
      const expectedChallenge = await takeChallenge(challengeId, 'register', s);
      await requireRoom(s);
      let result: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
      try {
        result = await verifyRegistrationResponse({
          response,
          expectedChallenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          requireUserVerification: false,
        });
      } catch {
        throw new AppError(Code.passkeyInvalid);
      }
      if (!result.verified || !result.registrationInfo) throw new AppError(Code.passkeyInvalid);
      const info = result.registrationInfo;
      const credential: StoredCredential = {
        publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
        counter: info.credential.counter,
        transports: (info.credential.transports ?? response.response.transports ?? []).filter((t) =>
          TRANSPORTS.includes(t as AuthenticatorTransport),
        ) as AuthenticatorTransport[],
        backedUp: info.credentialBackedUp,
        deviceType: info.credentialDeviceType,
        aaguid: info.aaguid,
      };
      const at = now();
      const rows = await d.db
        .insert(secondFactors)
        .values({
          subjectKind: s.kind,
          subjectId: s.id,
          kind: 'passkey',
          label: name,
          credential,
          credentialId: info.credential.id,
          createdAt: at,
          confirmedAt: at,
        })
        .onConflictDoNothing()
        .returning();
      // the same authenticator's credential registered before (by anyone)
      if (!rows[0]) throw new AppError(Code.passkeyInvalid);
      return asPasskey(rows[0]);
    },

    async rename(s: Subject, id: string, name: string) {
      const [row] = await d.db
        .update(secondFactors)
        .set({ label: name })
        .where(and(ofSubject(s), eq(secondFactors.id, id)))
        .returning();
      if (!row) throw new AppError(Code.passkeyNotFound);
      return asPasskey(row);
    },

    async remove(s: Subject, id: string) {
      const rows = await d.db
        .delete(secondFactors)
        .where(and(ofSubject(s), eq(secondFactors.id, id)))
        .returning({ id: secondFactors.id });
      if (rows.length === 0) throw new AppError(Code.passkeyNotFound);
    },

    /**
     * Request options: for `login` any discoverable passkey (no list), for
     * `secondStep` the subject's passkeys; user verification preferred.
     */
    async authenticationOptions(purpose: 'login' | 'secondStep', s: Subject | null): Promise<TPasskeyOptions> {
      const allow = s ? await rowsOf(s) : [];
      if (s && allow.length === 0) throw new AppError(Code.passkeyNotFound);
      const options = await generateAuthenticationOptions({
        rpID: rp.id,
        userVerification: 'preferred',
        allowCredentials: allow.map((r) => ({
          id: r.credentialId as string,
          transports: (r.credential as StoredCredential).transports,
        })),
      });
      return { challengeId: await newChallenge(purpose, options.challenge, s), options: { ...options } };
    },

    /** The passkey an assertion names (by credential id), for counting before the check. */
    async findByCredential(credentialId: string) {
      const [row] = await d.db
        .select()
        .from(secondFactors)
        .where(and(eq(secondFactors.credentialId, credentialId), eq(secondFactors.kind, 'passkey')))
        .limit(1);
      return row ?? null;
    },

    /**
     * Uses up the challenge and checks an assertion: for `login`, by whichever
     * subject's passkey it names (its user handle must be that subject); for
     * `secondStep`, by one of `s`'s passkeys. 1600020 for the challenge,
     * 1600021 for anything else wrong.
     */
    async verifyAssertion(
      purpose: 'login' | 'secondStep',
      challengeId: string,
      response: AuthenticationResponseJSON,
      s: Subject | null,
    ): Promise<PasskeyAssertion> {
      const expectedChallenge = await takeChallenge(challengeId, purpose, s);
      const [row] = await d.db
        .select()
        .from(secondFactors)
        .where(and(eq(secondFactors.credentialId, response.id), eq(secondFactors.kind, 'passkey')))
        .limit(1);
      if (!row) throw new AppError(Code.passkeyInvalid);
      const subject: Subject = { kind: row.subjectKind as SubjectKind, id: row.subjectId };
      if (s && (s.kind !== subject.kind || s.id !== subject.id)) throw new AppError(Code.passkeyInvalid);
      const handle = response.response.userHandle;
      if (handle && isoBase64URL.toUTF8String(handle) !== `${subject.kind}:${subject.id}`) {
        throw new AppError(Code.passkeyInvalid);
      }
      const { userVerified } = await checkAssertion(response, expectedChallenge, row);
      return { subject, userVerified, passkeyId: row.id };
    },
  };
}
export type Passkeys = ReturnType<typeof createPasskeys>;
