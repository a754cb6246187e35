/**
 * Account deletion (docs/product.md#rules, docs/protocol.md#data-rules): the agreement accepted and a code
 * sent to the user's own mobile or email (purpose cancelAccount); then, in
 * one transaction, every module forgets the person — data removed or
 * anonymised, every session ended, bindings and devices released, orders
 * kept but detached. The avatar file goes after the commit, then a
 * farewell notice.
 */
import { Code } from '@ac/protocol/codes';
import type { TLanguage } from '@ac/protocol/enums';
import type { TCancelAccountRequest } from '@ac/protocol/profile';
import type { Notifier } from '../../adapters/notices.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { messageLanguage } from '../../i18n/language.ts';
import { accountDeletedText } from '../../i18n/mail-texts.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { AvatarService } from '../avatar/avatar.service.ts';
import type { CodesService } from '../codes/codes.service.ts';
import type { NodeDirectory } from '../nodes/node-directory.ts';
import type { OutboxService } from '../outbox/outbox.service.ts';
import type { UserService } from '../user/user.service.ts';

/** A module that keeps something of the person: it forgets it inside the deletion's transaction. */
type Forgets = { forgetUser(userId: string, tx: DbOrTx): Promise<void> };

type Deps = {
  db: Db;
  users: Pick<UserService, 'requireLive' | 'lockLive' | 'anonymise'>;
  codes: Pick<CodesService, 'verify' | 'forgetTargets'>;
  avatars: Pick<AvatarService, 'removeFile'>;
  sessions: { forgetUser(userId: string, addresses: string[], at: Date, tx: DbOrTx): Promise<void> };
  registration: { forgetUser(userId: string, addresses: string[], tx: DbOrTx): Promise<void> };
  orders: { detachUser(userId: string, at: Date, tx: DbOrTx): Promise<void> };
  thirdParty: Forgets;
  devices: Forgets;
  companies: { forgetMember(userId: string, tx: DbOrTx): Promise<void> };
  memberships: Forgets;
  /** Renewing memberships: ended in the transaction, at the provider by a durable job after it. */
  subscriptions: {
    prepareForget(): Promise<void>;
    forgetUser(userId: string, tx: Tx): Promise<void>;
    afterForget(): void;
  };
  redeem: Forgets;
  invoices: Forgets;
  trade: Forgets;
  directory: Pick<NodeDirectory, 'forget'>;
  outbox: Pick<OutboxService, 'forgetRecipients'>;
  audit: AuditService;
  notifier: Notifier;
  defaultLanguage: TLanguage;
  now?: () => Date;
};
export type Origin = { ip: string; requestId: string; language: string | undefined };

export function createAccountService(d: Deps) {
  const now = d.now ?? (() => new Date());
  return {
    async cancel(userId: string, p: TCancelAccountRequest, origin: Origin) {
      const user = await d.users.requireLive(userId);
      const target = p.channel === 'sms' ? user.mobile : user.email;
      if (!target)
        throw new AppError(
          Code.invalidParam,
          `channel: the account has no ${p.channel === 'sms' ? 'mobile' : 'email'}`,
        );
      // wrong codes count even though the transaction below would roll back
      await d.codes.verify('cancelAccount', target, p.code, { consume: false });
      const addresses = [user.email, user.mobile].filter((a): a is string => a !== null);
      await d.subscriptions.prepareForget();
      const favicon = await d.db.transaction(async (tx) => {
        const live = await d.users.lockLive(userId, tx);
        if (!live) throw new AppError(Code.sessionRevoked);
        await d.codes.verify('cancelAccount', target, p.code, { tx });
        const at = now();
        await d.sessions.forgetUser(userId, addresses, at, tx);
        await d.thirdParty.forgetUser(userId, tx);
        await d.devices.forgetUser(userId, tx);
        await d.companies.forgetMember(userId, tx);
        await d.memberships.forgetUser(userId, tx);
        await d.subscriptions.forgetUser(userId, tx);
        await d.orders.detachUser(userId, at, tx);
        await d.redeem.forgetUser(userId, tx);
        await d.invoices.forgetUser(userId, tx);
        await d.trade.forgetUser(userId, tx);
        await d.registration.forgetUser(userId, addresses, tx);
        await d.codes.forgetTargets(addresses, tx);
        await d.outbox.forgetRecipients(addresses, tx);
        await d.directory.forget(addresses, tx);
        await d.audit.scrubIp(userId, tx);
        await d.users.anonymise(userId, at, tx);
        // recorded after the IPs were scrubbed, and without one: only that it happened
        await d.audit.record({ event: 'account.deleted', userId, requestId: origin.requestId }, tx);
        return live.favicon;
      });
      d.subscriptions.afterForget();
      await d.avatars.removeFile(favicon);
      // transient: once delivered, the farewell leaves no copy of the address behind
      await d.notifier.send({ email: user.email, mobile: user.mobile }, accountDeletedText, {
        language: messageLanguage(origin.language, d.defaultLanguage),
        transient: true,
      });
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
