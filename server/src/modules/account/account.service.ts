/**
 * Account deletion (docs/product.md#rules, docs/protocol.md#data-rules): the agreement accepted and a code
 * sent to the user's own mobile or email (purpose cancelAccount); then, in
 * one transaction, the person's data removed or anonymised, every session
 * ended, bindings and devices released, orders kept but detached. The
 * avatar file goes after the commit.
 */
import { Code } from '@ac/protocol/codes';
import type { TCancelAccountRequest } from '@ac/protocol/profile';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { createAuditRepo } from '../audit/audit.repo.ts';
import type { AvatarService } from '../avatar/avatar.service.ts';
import type { CodesService } from '../codes/codes.service.ts';
import { accountKey } from '../nodes/node-directory.ts';
import { createUserRepo } from '../user/user.repo.ts';
import { createAccountRepo } from './account.repo.ts';

type Deps = {
  codes: Pick<CodesService, 'verify'>;
  avatars: Pick<AvatarService, 'removeFile'>;
  nodeCode: string;
};
export type Origin = { ip: string; requestId: string };

export function createAccountService(db: Db, d: Deps, now: () => Date = () => new Date()) {
  return {
    /** Returns the addresses the account had, for the farewell notice. */
    async cancel(userId: string, p: TCancelAccountRequest, origin: Origin) {
      const user = await createUserRepo(db).findLiveUser(userId);
      if (!user) throw new AppError(Code.sessionRevoked);
      const target = p.channel === 'sms' ? user.mobile : user.email;
      if (!target)
        throw new AppError(
          Code.invalidParam,
          `channel: the account has no ${p.channel === 'sms' ? 'mobile' : 'email'}`,
        );
      // wrong codes count even though the transaction below would roll back
      await d.codes.verify('cancelAccount', target, p.code, { consume: false });
      const addresses = [user.email, user.mobile].filter((a): a is string => a !== null);
      const favicon = await db.transaction(async (tx) => {
        const repo = createAccountRepo(tx);
        const live = await createUserRepo(tx).lockLiveUser(userId);
        if (!live) throw new AppError(Code.sessionRevoked);
        await d.codes.verify('cancelAccount', target, p.code, { tx });
        const at = now();
        await repo.endSessions(userId, at);
        await repo.releaseLinks(userId);
        await repo.detachCommerce(userId, at);
        await repo.forgetAddresses(
          userId,
          addresses,
          addresses.map((a) => `account:${a.toLowerCase()}`),
        );
        await repo.forgetDirectoryEntries(addresses.map(accountKey), d.nodeCode);
        await repo.scrubAudit(userId);
        await repo.anonymiseUser(userId, at);
        // recorded after the IPs were scrubbed, and without one: only that it happened
        await createAuditRepo(tx).record({ event: 'account.deleted', userId, requestId: origin.requestId });
        return live.favicon;
      });
      await d.avatars.removeFile(favicon);
      return { email: user.email, mobile: user.mobile };
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
