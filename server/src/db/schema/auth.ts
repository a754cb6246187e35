import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at, createdAtColumn, idColumn } from './columns.ts';
import { devices } from './devices.ts';
import { userRef, users } from './users.ts';

/** Envelope keys handed out by getRsaKey (stored hashed). */
export const aesKeys = pgTable(
  'aes_keys',
  {
    keyHash: text('key_hash').primaryKey(),
    createdAt: createdAtColumn(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('aes_keys_expires_idx').on(t.expiresAt)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: idColumn(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: userRef(),
    clientType: text('client_type').notNull(),
    clientVersion: text('client_version').notNull(),
    channelCode: text('channel_code'),
    deviceId: text('device_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAtColumn(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    revokeReason: text('revoke_reason', {
      enum: ['logout', 'passwordChanged', 'replaced', 'deleted', 'signedOut', 'deviceUnbound', 'staffEnded', 'blocked'],
    }),
    /** The device a CAD client reported for this session (devices.report); null for the portal's browsers. */
    reportedDeviceId: uuid('reported_device_id').references(() => devices.id, { onDelete: 'set null' }),
    /** When this session last proved a second factor (the login's second step, or twoFactor.verify). */
    secondFactorAt: at('second_factor_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_reported_device_idx').on(t.reportedDeviceId)],
);

/** Verification codes (docs/protocol.md#verification-codes): hashed, bound to purpose and target. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: idColumn(),
    purpose: text('purpose').notNull(),
    target: text('target').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAtColumn(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    /** Who asked for it, to require a captcha after 3 sends from one IP in an hour. */
    ip: text('ip'),
    /**
     * The country calling code of a text message asked for without a session to a number outside
     * the region's own countries (SMS_HOME_CALLING_CODES): the per-country daily budget counts these.
     */
    abroadCallingCode: text('abroad_calling_code'),
  },
  (t) => [
    index('verification_codes_target_idx').on(t.target, t.purpose, t.createdAt),
    index('verification_codes_ip_idx').on(t.ip, t.createdAt),
    index('verification_codes_abroad_idx')
      .on(t.abroadCallingCode, t.createdAt)
      .where(sql`${t.abroadCallingCode} is not null`),
  ],
);

/** Failure counters for login throttling, keyed by account string or IP. */
/**
 * One-time codes a logged-in client hands to the portal (`?handover=`):
 * stored hashed, single use, 60 s; the new session keeps the login time of
 * the session that created it.
 */
export const sessionHandovers = pgTable('session_handovers', {
  codeHash: text('code_hash').primaryKey(),
  userId: userRef(),
  sourceSessionId: uuid('source_session_id')
    .notNull()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  loginAt: at('login_at').notNull(),
  createdAt: at('created_at').notNull(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
});

/**
 * Device sign-ins of CAD clients (docs/protocol.md#device-sign-in, RFC 8628):
 * the device code and the user code stored as SHA-256, what the client told
 * about itself, and the decision of the user who entered the code. 10 minutes;
 * `usedAt` once the client got its session (single use); `interval` grows with
 * each poll that came too early.
 */
export const deviceSignIns = pgTable(
  'device_sign_ins',
  {
    id: idColumn(),
    deviceCodeHash: text('device_code_hash').notNull().unique(),
    userCodeHash: text('user_code_hash').notNull().unique(),
    clientType: text('client_type').notNull(),
    clientVersion: text('client_version').notNull(),
    channelCode: text('channel_code'),
    deviceId: text('device_id'),
    deviceName: text('device_name').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAtColumn(),
    expiresAt: at('expires_at').notNull(),
    intervalSeconds: integer('interval_seconds').notNull(),
    lastPolledAt: at('last_polled_at'),
    /** Who approved or denied it; null while pending. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The session that approved it: the client gets its session only while that one lives. */
    approvedBySessionId: uuid('approved_by_session_id').references(() => sessions.id, { onDelete: 'set null' }),
    decision: text('decision', { enum: ['approved', 'denied'] }),
    decidedAt: at('decided_at'),
    usedAt: at('used_at'),
  },
  (t) => [index('device_sign_ins_expires_idx').on(t.expiresAt)],
);

export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: at('locked_until'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** Request ids already seen by the signed envelope variant (replay protection). */
export const signedRequests = pgTable(
  'signed_requests',
  {
    requestId: text('request_id').primaryKey(),
    seenAt: at('seen_at').notNull().defaultNow(),
  },
  (t) => [index('signed_requests_seen_idx').on(t.seenAt)],
);

/** Mail and SMS waiting to be (or already) delivered. */
export const outbox = pgTable(
  'outbox',
  {
    id: idColumn(),
    channel: text('channel', { enum: ['mail', 'sms'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: createdAtColumn(),
    sentAt: at('sent_at'),
    error: text('error'),
  },
  (t) => [index('outbox_recipient_idx').on(t.recipient, t.createdAt)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: at('at').notNull().defaultNow(),
    event: text('event').notNull(),
    userId: uuid('user_id'),
    ip: text('ip'),
    requestId: text('request_id'),
    detail: jsonb('detail'),
    /** The browser or client of a sign-in (its User-Agent, at most 512 characters) and its client type. */
    userAgent: text('user_agent'),
    clientType: text('client_type'),
  },
  // audit_log_at_idx: the activity's 90-day purge (docs/decisions/0045-sign-in-history.md);
  // audit_log_failed_login_idx: the console's dashboard, failed sign-ins per day
  (t) => [
    index('audit_log_user_idx').on(t.userId, t.at),
    index('audit_log_at_idx').on(t.at),
    index('audit_log_failed_login_idx').on(t.at).where(sql`${t.event} = 'login.failed'`),
  ],
);
