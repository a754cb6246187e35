/**
 * Registers v5 calls behind the envelope (docs/protocol.md#envelope): reads the encrypted,
 * plain or signed envelope, refuses keys the server never issued, validates
 * the payload with the call's zod schema, resolves the session, runs the
 * handler and answers in the same mode.
 */

import { timingSafeEqual } from 'node:crypto';
import { Code } from '@ac/protocol/codes';
import {
  EnvelopeError,
  keyFromSecret,
  MAX_BODY_BYTES,
  STYLE_PLAIN,
  signPayload,
  type TClientInfo,
  ZRequestEnvelope,
  ZSignedInner,
  ZSignedRequestBody,
} from '@ac/protocol/envelope';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/config.ts';
import { AppError } from '../lib/app-error.ts';
import { MINUTE } from '../lib/time.ts';
import { decryptPayload } from './aes.ts';
import { type EnvelopeMode, successAnswer } from './answer.ts';
import type { AuthSession, Call } from './call.ts';
import { callDocs } from './docs.ts';
import { createCheckedAnswers } from './kept-answers.ts';
import { formatZodIssues } from './zod-issues.ts';

/** Signed-variant requests older than this are refused, and their ids are kept this long. */
export const SIGNED_REQUEST_MAX_AGE_MS = 5 * MINUTE;

/** What the envelope needs of the keys module: the issued keys and the requestIds seen. */
export type EnvelopeKeys = {
  isIssued(key: string): Promise<boolean>;
  /** False when the requestId was seen before (a replay). */
  acceptRequestId(requestId: string): Promise<boolean>;
};

/** What the envelope needs of the session module: the session a token names (a session code when none). */
export type EnvelopeSessions = { resolve(token: string | undefined): Promise<AuthSession> };

export type EnvelopeDeps = {
  config: Config;
  keys: EnvelopeKeys;
  sessions: EnvelopeSessions;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** Set once the envelope kind is known, so errors answer in the same shape. */
    signedEnvelope: boolean;
  }
}

type Opened = { mode: EnvelopeMode; payload: unknown; clientInfo: TClientInfo };

export function tokenOf(req: FastifyRequest): string | undefined {
  const q = (req.query as Record<string, unknown> | undefined)?.utoken;
  if (typeof q === 'string' && q) return q;
  return req.cookies?.gstarsso_ticket || undefined;
}

/**
 * Refuses a state change sent from another site (docs/protocol.md#security-rules): a foreign
 * `Origin`, or — for a browser that sent none — `Sec-Fetch-Site: cross-site`. CAD clients and
 * servers send neither and pass.
 */
export function assertOrigin(req: FastifyRequest, config: Config) {
  const origin = req.headers.origin;
  if (!origin) {
    if (req.headers['sec-fetch-site'] === 'cross-site') throw new AppError(Code.forbiddenOrigin);
    return;
  }
  const allowed = [new URL(config.publicUrl).origin, `${req.protocol}://${req.headers.host}`];
  if (!allowed.includes(origin)) throw new AppError(Code.forbiddenOrigin);
}

function header(req: FastifyRequest, name: string): string {
  const v = req.headers[name];
  return typeof v === 'string' ? v : '';
}

function decrypt(key: string, data: string): unknown {
  if (data === '') return {};
  try {
    return decryptPayload(key, data);
  } catch (e) {
    if (e instanceof EnvelopeError) throw new AppError(Code.badEnvelope, `bad ${e.reason}`);
    throw e;
  }
}

async function recoverIssuedKey(secret: string, keys: EnvelopeKeys): Promise<string> {
  let key: string;
  try {
    key = keyFromSecret(secret);
  } catch {
    throw new AppError(Code.badEnvelope, 'bad secret');
  }
  if (!(await keys.isIssued(key))) throw new AppError(Code.keyExpired);
  return key;
}

async function openSigned(req: FastifyRequest, deps: EnvelopeDeps): Promise<Opened> {
  req.signedEnvelope = true;
  const body = ZSignedRequestBody.safeParse(req.body);
  const requestDate = header(req, 'request-date');
  const requestId = header(req, 'request-id');
  const salt = header(req, 'request-salt');
  if (!body.success || !requestDate || !requestId || requestId.length > 128 || !salt) {
    throw new AppError(Code.badEnvelope, 'signed envelope incomplete');
  }
  const sentAt = /^\d+$/.test(requestDate) ? Number(requestDate) : Date.parse(requestDate);
  if (!Number.isFinite(sentAt) || Math.abs(Date.now() - sentAt) > SIGNED_REQUEST_MAX_AGE_MS) {
    throw new AppError(Code.replayedRequest, 'Request-Date is too old or in the future');
  }
  const key = await recoverIssuedKey(salt, deps.keys);
  const ticket = tokenOf(req) ?? '';
  const expected = Buffer.from(signPayload(body.data.key, requestDate, ticket));
  const given = Buffer.from(body.data.sign);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new AppError(Code.badSignature);
  }
  if (!(await deps.keys.acceptRequestId(requestId))) throw new AppError(Code.replayedRequest);
  const inner = ZSignedInner.safeParse(decrypt(key, body.data.key));
  if (!inner.success) throw new AppError(Code.badEnvelope, 'signed payload shape');
  return {
    mode: { kind: 'signed', key, requestDate, ticket },
    payload: inner.data.data ?? {},
    clientInfo: inner.data.clientInfo,
  };
}

async function openEnvelope(req: FastifyRequest, deps: EnvelopeDeps): Promise<Opened> {
  const raw = req.body as Record<string, unknown> | null;
  if (raw && typeof raw === 'object' && 'sign' in raw) return openSigned(req, deps);
  const envelope = ZRequestEnvelope.safeParse(raw);
  if (!envelope.success) {
    throw new AppError(Code.badEnvelope, formatZodIssues(envelope.error.issues));
  }
  const { data, clientInfo, style, secret } = envelope.data;
  if (style === STYLE_PLAIN) {
    if (!deps.config.protocolPlaintext) throw new AppError(Code.plaintextDisabled);
    let payload: unknown = {};
    if (data !== '') {
      try {
        payload = JSON.parse(data);
      } catch {
        throw new AppError(Code.badEnvelope, 'bad json');
      }
    }
    return { mode: { kind: 'plain' }, payload, clientInfo };
  }
  const key = await recoverIssuedKey(secret, deps.keys);
  return { mode: { kind: 'encrypted', key }, payload: decrypt(key, data), clientInfo };
}

export function registerCalls(app: FastifyInstance, calls: readonly Call[], deps: EnvelopeDeps) {
  app.decorateRequest('signedEnvelope', false);
  for (const call of calls) {
    if (call.regions && !call.regions.includes(deps.config.region)) continue;
    const checkedAnswer = createCheckedAnswers(call.response);
    app.post(
      call.path,
      {
        bodyLimit: MAX_BODY_BYTES,
        schema: callDocs(call),
        attachValidation: true,
        config: call.rateLimit ? { rateLimit: call.rateLimit } : { rateLimit: false },
      },
      async (req: FastifyRequest, reply: FastifyReply) => {
        assertOrigin(req, deps.config);
        const opened = await openEnvelope(req, deps);
        const payload = call.request.safeParse(opened.payload);
        if (!payload.success) {
          throw new AppError(Code.invalidParam, formatZodIssues(payload.error.issues));
        }
        const token = tokenOf(req);
        const session = call.auth
          ? await deps.sessions.resolve(token)
          : token
            ? await deps.sessions.resolve(token).catch(() => null)
            : null;
        const result = await call.handler({
          payload: payload.data,
          clientInfo: opened.clientInfo,
          session: session as never,
          ip: req.ip,
          requestId: req.id,
          userAgent: req.headers['user-agent'],
          reply,
        });
        const answer = checkedAnswer(result);
        reply.header('cache-control', 'no-store');
        return successAnswer(opened.mode, answer);
      },
    );
  }
}
