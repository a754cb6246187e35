/**
 * Composition of registration, activation, recovery and server nodes.
 * buildApp calls it once and registers the calls it returns.
 */
import type { TLanguage } from '@ac/protocol/enums';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from './adapters/mail.ts';
import type { SmsSender } from './adapters/sms.ts';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { AuditRepo } from './modules/audit/audit.repo.ts';
import type { CodesService } from './modules/codes/codes.service.ts';
import { createNodeDirectory } from './modules/nodes/node-directory.ts';
import { createNodesRepo } from './modules/nodes/nodes.repo.ts';
import { createNodesCalls } from './modules/nodes/nodes.routes.ts';
import { createPeerLookup } from './modules/nodes/peer-lookup.ts';
import { createAccountMail } from './modules/registration/account-mail.ts';
import { createRecoveryCalls } from './modules/registration/recovery.routes.ts';
import { createRecoveryService } from './modules/registration/recovery.service.ts';
import { createRegistrationCalls } from './modules/registration/registration.routes.ts';
import { createRegistrationService } from './modules/registration/registration.service.ts';
import type { SessionRepo } from './modules/session/session.repo.ts';

type Deps = {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  mailer: Mailer;
  sms: SmsSender;
  audit: AuditRepo;
  codes: CodesService;
  accounts: SessionRepo;
  defaultLanguage: TLanguage;
};

export function createAccountRegistration(d: Deps) {
  const { publicUrl, basePath, region, nodeCode } = d.config;
  const nodes = createNodesRepo(d.db);
  const nodeDirectory = createNodeDirectory({
    nodes,
    accounts: d.accounts,
    selfCode: nodeCode,
    selfUrl: `${publicUrl}${basePath}`,
    peers: d.config.serverNodes
      .filter((n) => n.code !== nodeCode)
      .map((n) => createPeerLookup({ code: n.code, apiBase: n.url, secret: d.config.nodeSecret }, d.log)),
  });
  const mail = createAccountMail({ mailer: d.mailer, sms: d.sms, publicUrl, basePath, region, log: d.log });
  const registration = createRegistrationService({
    db: d.db,
    codes: d.codes,
    directory: nodeDirectory,
    mail,
    nodeCode,
  });
  const recovery = createRecoveryService({ db: d.db, codes: d.codes, accounts: d.accounts, mail });
  const { audit, defaultLanguage } = d;
  return {
    nodeDirectory,
    calls: [
      ...createNodesCalls({ nodes, directory: nodeDirectory, nodeSecret: d.config.nodeSecret }),
      ...createRegistrationCalls({ registration, audit, region, defaultLanguage }),
      ...createRecoveryCalls({ recovery, audit, region, defaultLanguage }),
    ],
    /** Waits for mails still being sent. */
    close: () => mail.drain(),
  };
}
