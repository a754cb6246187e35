/**
 * The reminder mails of docs/product.md#renewing-memberships, run by the hourly job
 * `subscriptions-remind`: 7 days before a renewal (a renewing subscription's period end) and
 * 7 days before a membership ends that nothing renews (with a link to renew it). Each is sent
 * once per member, goods code and end: the row in `membership_reminders` is written in the
 * transaction that writes the mail (and, over SMTP, its delivery job).
 */
import type { TLanguage } from '@ac/protocol/enums';
import type { Mailer } from '../../adapters/mail.ts';
import type { Db } from '../../db/client.ts';
import { messageLanguage } from '../../i18n/language.ts';
import { mailText } from '../../i18n/mail-texts.ts';
import { addMs, DAY } from '../../lib/time.ts';
import type { MembershipsService } from '../memberships/memberships.service.ts';
import type { ProductsService } from '../products/products.service.ts';
import type { UserService } from '../user/user.service.ts';
import { dateText, moneyText } from './subscription-sync.ts';
import { createSubscriptionsRepo } from './subscriptions.repo.ts';

/** How long before a renewal or an end the member is reminded. */
export const REMINDER_DAYS = 7;
const BATCH = 1000;

type Deps = {
  db: Db;
  memberships: Pick<MembershipsService, 'lastEndsBetween'>;
  products: Pick<ProductsService, 'findGoods'>;
  users: Pick<UserService, 'findLive'>;
  mailer: Mailer;
  defaultLanguage: TLanguage;
  webUrl: string;
  now?: () => Date;
};

export function createSubscriptionReminders(d: Deps) {
  const now = d.now ?? (() => new Date());
  const repo = createSubscriptionsRepo(d.db);

  /** Claims the reminder and writes its mail in one transaction; false when it was sent before. */
  function once(
    key: { userId: string; goodsCode: string; kind: 'renewal' | 'ending'; endsAt: Date },
    mail: { to: string; subject: string; text: string },
  ): Promise<boolean> {
    return d.db.transaction(async (tx) => {
      if (!(await createSubscriptionsRepo(tx).claimReminder({ ...key, sentAt: now() }))) return false;
      await d.mailer.send(mail, tx);
      return true;
    });
  }

  return {
    /**
     * Sends the reminders due at `at` (now, for the hourly job; an operator's time for
     * `npm run admin -- subscriptions remind --at`, outside production); answers how many of each were sent.
     */
    async remind(at: Date = now()): Promise<{ renewal: number; ending: number }> {
      const until = addMs(at, REMINDER_DAYS * DAY);
      const sent = { renewal: 0, ending: 0 };
      for (const { s, name } of await repo.renewingBetween(at, until, BATCH)) {
        const user = await d.users.findLive(s.userId);
        if (!user?.email || !s.periodEnd) continue;
        const language = messageLanguage(s.language, d.defaultLanguage);
        const text = mailText(language, 'renewalReminder', {
          goods: name,
          date: dateText(s.periodEnd),
          amount: moneyText(s.amount, s.currency),
          link: `${d.webUrl}/products`,
        });
        const key = { userId: s.userId, goodsCode: s.goodsCode, kind: 'renewal' as const, endsAt: s.periodEnd };
        if (await once(key, { to: user.email, ...text })) sent.renewal++;
      }
      for (const m of await d.memberships.lastEndsBetween(at, until, BATCH)) {
        if (await repo.renews(m.userId, m.goodsCode)) continue;
        const user = await d.users.findLive(m.userId);
        const goods = await d.products.findGoods(m.goodsCode);
        if (!user?.email || !goods) continue;
        const [latest] = await repo.ofUser(m.userId);
        const language = messageLanguage(latest?.s.language, d.defaultLanguage);
        const text = mailText(language, 'endingReminder', {
          goods: goods.name,
          date: dateText(m.endTime),
          link: `${d.webUrl}/products?renew=${encodeURIComponent(m.goodsCode)}`,
        });
        const key = { userId: m.userId, goodsCode: m.goodsCode, kind: 'ending' as const, endsAt: m.endTime };
        if (await once(key, { to: user.email, ...text })) sent.ending++;
      }
      return sent;
    },
  };
}
export type SubscriptionReminders = ReturnType<typeof createSubscriptionReminders>;
