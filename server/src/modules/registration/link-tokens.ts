/**
 * Mailed links (docs/protocol.md#links-activation-and-reset): 128-bit random tokens stored as SHA-256,
 * single use, 24 h (activation) / 1 h (reset). Every request writes a row,
 * with or without an account behind the address, so the send limits (60 s
 * between mails, 5 an hour, 10 a day per address and purpose) and the
 * answers never tell whether an account exists.
 */
import { randomBytes } from 'node:crypto';
import { Code } from '@ac/protocol/codes';
import {
  ACTIVATION_LINK_HOURS,
  LINK_MAX_PER_DAY,
  LINK_MAX_PER_HOUR,
  LINK_RESEND_SECONDS,
  RESET_LINK_MINUTES,
} from '@ac/protocol/registration';
import { AppError } from '../../lib/app-error.ts';
import { sha256Hex } from '../../lib/hashing.ts';
import { addMs, DAY, HOUR, MINUTE, SECOND } from '../../lib/time.ts';
import type { LinkPurpose, LinkRow, LinkTokensRepo } from './link-tokens.repo.ts';

export const LINK_TTL_MS: Record<LinkPurpose, number> = {
  activate: ACTIVATION_LINK_HOURS * HOUR,
  reset: RESET_LINK_MINUTES * MINUTE,
};

export const hashLinkToken = (token: string) => sha256Hex(token);

/**
 * Inside the caller's transaction: enforces the send limits for the address,
 * writes the link row and returns the clear token (usable only with a user).
 */
export async function issueLink(
  repo: LinkTokensRepo,
  purpose: LinkPurpose,
  target: string,
  userId: string | null,
  at: Date,
): Promise<string> {
  await repo.lockTarget(target);
  const last = await repo.latestSendTime(purpose, target);
  const sinceLast = last ? at.getTime() - last.getTime() : Number.POSITIVE_INFINITY;
  if (sinceLast < LINK_RESEND_SECONDS * SECOND) {
    throw new AppError(
      Code.mailSendTooSoon,
      `retry in ${Math.ceil((LINK_RESEND_SECONDS * SECOND - sinceLast) / 1000)} s`,
    );
  }
  if ((await repo.countSendsSince(purpose, target, addMs(at, -HOUR))) >= LINK_MAX_PER_HOUR) {
    throw new AppError(Code.tooManyRequests, 'hourly limit of mails reached');
  }
  if ((await repo.countSendsSince(purpose, target, addMs(at, -DAY))) >= LINK_MAX_PER_DAY) {
    throw new AppError(Code.tooManyRequests, 'daily limit of mails reached');
  }
  const token = randomBytes(16).toString('base64url');
  await repo.insert({
    tokenHash: hashLinkToken(token),
    purpose,
    target,
    userId,
    createdAt: at,
    expiresAt: addMs(at, LINK_TTL_MS[purpose]),
  });
  return token;
}

/** The live link of a token (unused, unexpired, with an account behind it), else null. */
export async function findLiveLink(
  repo: LinkTokensRepo,
  purpose: LinkPurpose,
  token: string,
  at: Date,
): Promise<(LinkRow & { userId: string }) | null> {
  const row = await repo.findByHash(purpose, hashLinkToken(token));
  if (!row?.userId || row.usedAt || row.expiresAt <= at) return null;
  return { ...row, userId: row.userId };
}
