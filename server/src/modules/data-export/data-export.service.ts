/**
 * The personal data export (docs/product.md#privacy, docs/decisions/0046-data-export.md):
 * a member asks (at most once a day); a durable job builds a ZIP of the
 * parts (data-export-parts.ts), streamed into the `data_exports` row, and
 * mails a link whose random token is stored hashed; the link works once and
 * for 24 hours. The file goes with its download, or at expiry by the
 * scheduled purge; the row stays as the record of the day's export.
 */
import { Code } from '@ac/protocol/codes';
import type { TLanguage } from '@ac/protocol/enums';
import { dataExportPath } from '@ac/protocol/http-paths';
import { DATA_EXPORT_EVERY_HOURS, DATA_EXPORT_LINK_HOURS, type TDataExportStatus } from '@ac/protocol/profile';
import { and, desc, eq, gt, isNotNull, lte, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { Mailer } from '../../adapters/mail.ts';
import type { Db, Tx } from '../../db/client.ts';
import { dataExports } from '../../db/schema/index.ts';
import { messageLanguage } from '../../i18n/language.ts';
import { mailText } from '../../i18n/mail-texts.ts';
import { AppError } from '../../lib/app-error.ts';
import { randomToken, sha256Hex } from '../../lib/hashing.ts';
import { addMs, HOUR, iso } from '../../lib/time.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { UserService } from '../user/user.service.ts';
import type { ExportPart } from './data-export-parts.ts';

export const DATA_EXPORT_JOB = 'data-export.build';

type RetryOptions = { retryLimit: number; retryDelay: number; retryBackoff: boolean; expireInSeconds: number };
/** What the export needs of the durable job queue (modules/jobs/job-queue.ts sits above this module). */
type ExportJobs = {
  send(name: string, data: { id: string }, options: RetryOptions, tx?: Tx): Promise<string | null>;
  prepare(name: string): Promise<void>;
  wake(name: string): void;
  work<T extends object>(name: string, handler: (data: T, job: { retryCount: number }) => Promise<void>): void;
};
/** A build that throws is retried after 10 s, doubling, 5 times; then the export is marked failed. */
const BUILD_RETRY: RetryOptions = { retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 600 };

type Origin = { ip: string; requestId: string; language?: string };

type Deps = {
  db: Db;
  users: Pick<UserService, 'lockLive' | 'findLive'>;
  parts: ExportPart[];
  jobs: ExportJobs;
  mailer: Mailer;
  audit: AuditService;
  /** PUBLIC_URL: the link is `<publicUrl><dataExportPrefix>/<token>`. */
  publicUrl: string;
  defaultLanguage: TLanguage;
  log: FastifyBaseLogger;
  now?: () => Date;
};

/** The ZIP of the parts, written by fflate's streaming writer chunk by chunk. */
export async function buildZip(parts: ExportPart[], userId: string): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  const done = new Promise<void>((resolve, reject) => {
    const zip = new Zip((err, chunk, final) => {
      if (err) return reject(err);
      chunks.push(chunk);
      if (final) resolve();
    });
    const write = async () => {
      for (const part of parts) {
        if (part.kind === 'json') {
          const entry = new ZipDeflate(part.file, { level: 6 });
          zip.add(entry);
          entry.push(strToU8(`${JSON.stringify(await part.read(userId), null, 2)}\n`), true);
        } else {
          const file = await part.read(userId);
          if (!file) continue;
          // images are compressed already
          const entry = new ZipPassThrough(file.file);
          zip.add(entry);
          entry.push(new Uint8Array(file.data), true);
        }
      }
      zip.end();
    };
    write().catch(reject);
  });
  await done;
  return Buffer.concat(chunks);
}

export function createDataExportService(d: Deps) {
  const now = d.now ?? (() => new Date());

  async function latest(userId: string) {
    const [row] = await d.db
      .select()
      .from(dataExports)
      .where(and(eq(dataExports.userId, userId), ne(dataExports.status, 'failed')))
      .orderBy(desc(dataExports.requestedAt))
      .limit(1);
    return row ?? null;
  }

  function statusOf(row: typeof dataExports.$inferSelect | null): TDataExportStatus {
    if (!row) return { status: 'none', requestedAt: null, expiresAt: null, nextAllowedAt: null };
    const next = addMs(row.requestedAt, DATA_EXPORT_EVERY_HOURS * HOUR);
    const expired = row.status === 'ready' && row.expiresAt !== null && row.expiresAt <= now();
    return {
      status: expired ? 'expired' : row.status,
      requestedAt: iso(row.requestedAt),
      expiresAt: row.status === 'ready' ? iso(row.expiresAt) : null,
      nextAllowedAt: next > now() ? iso(next) : null,
    };
  }

  /** Builds the export `id`, stores it and mails its link, in one transaction with the mail. */
  async function build(id: string) {
    const [row] = await d.db.select().from(dataExports).where(eq(dataExports.id, id));
    if (row?.status !== 'pending') return;
    const user = await d.users.findLive(row.userId);
    if (!user?.email) {
      await d.db.update(dataExports).set({ status: 'failed' }).where(eq(dataExports.id, id));
      return;
    }
    const zip = await buildZip(d.parts, row.userId);
    const token = randomToken();
    const at = now();
    const language = messageLanguage(row.language, d.defaultLanguage);
    await d.db.transaction(async (tx) => {
      const moved = await tx
        .update(dataExports)
        .set({
          status: 'ready',
          readyAt: at,
          tokenHash: sha256Hex(token),
          expiresAt: addMs(at, DATA_EXPORT_LINK_HOURS * HOUR),
          bytes: zip,
          size: zip.length,
        })
        .where(and(eq(dataExports.id, id), eq(dataExports.status, 'pending')))
        .returning({ id: dataExports.id });
      if (!moved.length) return;
      await d.mailer.send(
        {
          to: user.email as string,
          ...mailText(language, 'dataExport', {
            link: `${d.publicUrl}${dataExportPath(token)}`,
            hours: DATA_EXPORT_LINK_HOURS,
          }),
        },
        tx,
      );
      await d.audit.record({ event: 'dataExport.ready', userId: row.userId, detail: { bytes: zip.length } }, tx);
    });
  }

  d.jobs.work<{ id: string }>(DATA_EXPORT_JOB, async ({ id }, job) => {
    try {
      await build(id);
    } catch (e) {
      d.log.warn({ err: e, exportId: id, attempt: job.retryCount + 1 }, 'data export build failed');
      if (job.retryCount >= BUILD_RETRY.retryLimit) {
        await d.db
          .update(dataExports)
          .set({ status: 'failed' })
          .where(and(eq(dataExports.id, id), eq(dataExports.status, 'pending')));
      }
      throw e;
    }
  });

  return {
    status: async (userId: string) => statusOf(await latest(userId)),

    /**
     * A new export, built in the background: 2900001 (with when the next is
     * possible) when one was asked for in the last 24 hours, 2900003 for an
     * account without an e-mail address to send the link to.
     */
    async request(userId: string, origin: Origin): Promise<TDataExportStatus> {
      await d.jobs.prepare(DATA_EXPORT_JOB);
      await d.db.transaction(async (tx) => {
        // one request at a time per member: the row lock orders two at once
        const user = await d.users.lockLive(userId, tx);
        if (!user) throw new AppError(Code.sessionRevoked);
        if (!user.email) throw new AppError(Code.dataExportNeedsEmail);
        const since = addMs(now(), -DATA_EXPORT_EVERY_HOURS * HOUR);
        const [recent] = await tx
          .select({ requestedAt: dataExports.requestedAt })
          .from(dataExports)
          .where(
            and(eq(dataExports.userId, userId), ne(dataExports.status, 'failed'), gt(dataExports.requestedAt, since)),
          )
          .orderBy(desc(dataExports.requestedAt))
          .limit(1);
        if (recent) {
          const next = iso(addMs(recent.requestedAt, DATA_EXPORT_EVERY_HOURS * HOUR));
          throw new AppError(Code.dataExportOncePerDay, undefined, { next });
        }
        const language = messageLanguage(origin.language, d.defaultLanguage);
        const [row] = await tx
          .insert(dataExports)
          .values({ userId, language, requestedAt: now() })
          .returning({ id: dataExports.id });
        await d.jobs.send(DATA_EXPORT_JOB, { id: row!.id }, BUILD_RETRY, tx);
        await d.audit.record({ event: 'dataExport.requested', userId, ip: origin.ip, requestId: origin.requestId }, tx);
      });
      d.jobs.wake(DATA_EXPORT_JOB);
      return statusOf(await latest(userId));
    },

    /**
     * The ZIP of a link's token, once: the row is used up and its file
     * dropped in the transaction that reads it. 2900002 when the token is
     * unknown, used or past its 24 hours.
     */
    async download(token: string, origin: { ip: string; requestId: string }) {
      if (!token || token.length > 128) throw new AppError(Code.dataExportLinkInvalid);
      const at = now();
      const file = await d.db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(dataExports)
          .where(
            and(
              eq(dataExports.tokenHash, sha256Hex(token)),
              eq(dataExports.status, 'ready'),
              gt(dataExports.expiresAt, at),
            ),
          )
          .for('update');
        if (!row?.bytes) return null;
        await tx
          .update(dataExports)
          .set({ status: 'downloaded', downloadedAt: at, bytes: null })
          .where(eq(dataExports.id, row.id));
        await d.audit.record({ event: 'dataExport.downloaded', userId: row.userId, ...origin }, tx);
        return { userId: row.userId, bytes: row.bytes, requestedAt: row.requestedAt };
      });
      if (!file) throw new AppError(Code.dataExportLinkInvalid);
      const day = file.requestedAt.toISOString().slice(0, 10);
      return { name: `account-data-${day}.zip`, data: file.bytes };
    },

    /** The scheduled purge: the files of links past their 24 hours go; answers how many. */
    async purgeExpired() {
      const rows = await d.db
        .update(dataExports)
        .set({ status: 'expired', bytes: null })
        .where(
          and(eq(dataExports.status, 'ready'), isNotNull(dataExports.expiresAt), lte(dataExports.expiresAt, now())),
        )
        .returning({ id: dataExports.id });
      return rows.length;
    },
  };
}
export type DataExportService = ReturnType<typeof createDataExportService>;
