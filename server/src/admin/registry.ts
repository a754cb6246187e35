/** Every admin command by its name, and the usage text. */
import type { AdminArgs, AdminCommand, AdminContext } from './admin-context.ts';
import { codesGenerate, codesVoid } from './commands/codes.ts';
import {
  companiesAddAdmin,
  companiesCreate,
  companiesFreeze,
  companiesList,
  companiesSeats,
  companiesSet,
  companiesUnfreeze,
} from './commands/companies.ts';
import { couponsBatch, couponsCreate, couponsGrant, couponsList, couponsVoid } from './commands/coupons.ts';
import { fieldsReencrypt } from './commands/fields.ts';
import { goodsDisable, goodsEnable, goodsList, goodsSetPrice } from './commands/goods.ts';
import { invoicesVoid } from './commands/invoices.ts';
import { membershipGrant, membershipRevoke } from './commands/membership.ts';
import { offersAdd, offersDisable, offersEnable, offersList } from './commands/offers.ts';
import { ordersExpire, ordersRefund, ordersRefundDue, ordersRefunds, reconcile } from './commands/orders.ts';
import { staffCreate, staffDisable, staffEnable, staffList, staffResetSecondFactor } from './commands/staff.ts';
import { subscriptionsRemind } from './commands/subscription-reminders.ts';
import { subscriptionsChargeDue } from './commands/subscriptions.ts';
import { usersList } from './commands/users.ts';

export const COMMANDS: Record<string, AdminCommand> = {
  'goods list': goodsList,
  'goods set-price': goodsSetPrice,
  'goods enable': goodsEnable,
  'goods disable': goodsDisable,
  'codes generate': codesGenerate,
  'codes void': codesVoid,
  'offers list': offersList,
  'offers add': offersAdd,
  'offers enable': offersEnable,
  'offers disable': offersDisable,
  'coupons create': couponsCreate,
  'coupons batch': couponsBatch,
  'coupons grant': couponsGrant,
  'coupons list': couponsList,
  'coupons void': couponsVoid,
  'membership grant': membershipGrant,
  'membership revoke': membershipRevoke,
  'orders refund': ordersRefund,
  'orders refunds': ordersRefunds,
  'orders refund-due': ordersRefundDue,
  'orders expire': ordersExpire,
  'subscriptions charge-due': subscriptionsChargeDue,
  'invoices void': invoicesVoid,
  'fields reencrypt': fieldsReencrypt,
  'users list': usersList,
  'staff create': staffCreate,
  'staff list': staffList,
  'staff disable': staffDisable,
  'staff enable': staffEnable,
  'staff reset-second-factor': staffResetSecondFactor,
  'companies create': companiesCreate,
  'companies list': companiesList,
  'companies seats': companiesSeats,
  'companies freeze': companiesFreeze,
  'companies unfreeze': companiesUnfreeze,
  'companies set': companiesSet,
  'companies add-admin': companiesAddAdmin,
  'subscriptions remind': subscriptionsRemind,
  reconcile,
};

export const USAGE = `Usage: npm run admin -- <command> [options]

  goods list
  goods set-price --goods <code> --amount <minor units> [--currency USD|CNY]
  goods enable --goods <code>            goods disable --goods <code>
  codes generate --goods <code> --count <n> --days <n> [--source systemRelease|activityAward|paidPurchase|freeGift]
                 [--kind personal|company] [--valid-days 365] [--owner <email>] [--out codes.csv]
  codes void <code>
  offers list                            (the redeem-code offers: price a code, quantity range, buyers)
  offers add --goods <code> --days <n> --usd <minor units> --cny <minor units> [--min 1] [--max 500]
             [--buyers everyone|companyAdmins]   (a new offer, or new terms of that goods and days; on sale)
  offers enable --goods <code> --days <n>       offers disable --goods <code> --days <n>
  coupons create --code <code> (--amount <minor units> --currency USD|CNY | --percent <1-100>) [coupon options]
                 [--user <email|mobile>]   (granted to that user; else public)
  coupons batch --count <n> (--amount … --currency … | --percent …) [coupon options] [--out coupons.csv]
                 (random codes, each usable once in all unless --total says otherwise)
    coupon options: [--goods ML2,ML3 (default all)] [--from YYYY-MM-DD] [--to YYYY-MM-DD | --valid-days 30]
                    [--per-user 1] [--total <n>|none] [--audience public|granted]
  coupons grant <code> --user <email|mobile>
  coupons list [--page 1] [--limit 50]   coupons void <code>
  membership grant --user <email|mobile> --goods <code> --days <n>
  membership revoke --user <email|mobile> --goods <code>
  orders refund <orderNo> [--amount <minor units>]   (whole remainder when no amount; through the
                                         gateway that took the payment: repeated while unconfirmed,
                                         the same refund is asked again, never a second one)
  orders refunds <orderNo>               (the refunds asked of the gateway: open, succeeded, failed and why)
  orders refund-due                      (orders paid after they were cancelled, to refund)
  orders expire
  subscriptions charge-due [--at <ISO time, e.g. 2026-12-01T08:00:00Z>]
                                         (China: the Alipay agreement deductions due now, as the job agreements-charge
                                         makes them every ten minutes; --at as if it were that time, refused in production)
  invoices void <invoiceNo>              (an issued invoice, China build; its orders can be invoiced again)
  fields reencrypt                       (after FIELD_ENCRYPTION_KEY changed: rewrites every encrypted field still
                                         under a key of FIELD_ENCRYPTION_PREVIOUS_KEYS; the hourly job does it too)
  users list [--page 1] [--limit 50]
  staff create --email <email> --name <name> --role support|finance|sales|admin
                 (the password from stdin, or asked without echo: an operator console account)
  staff list                             staff disable --email <email>     staff enable --email <email>
  staff reset-second-factor --email <email>   (a lost device: the next console sign-in sets up an app again)
  companies create --name <name> --end <YYYY-MM-DD> [--status active|pending|closed]   (prints the id)
  companies list
  companies seats --company <id> --goods <code> --total <n>
  companies freeze --company <id>        companies unfreeze --company <id>
  companies set --company <id> [--status active|pending|closed] [--end <YYYY-MM-DD>]
  companies add-admin --company <id> --user <email|mobile>
  subscriptions remind [--at <ISO time>]   (the reminder mails due: 7 days before a renewal or an end;
                                         --at runs the pass as if it were then, refused in production)
  reconcile [--older-than <minutes, default 15>]

The database is the server's: DATA_DIR (PGlite; stop the server first) or DATABASE_URL.`;

/** The command named by the first one or two positionals, or undefined. */
export function findCommand(positionals: string[]): AdminCommand | undefined {
  const [group, action] = positionals;
  return COMMANDS[`${group} ${action}`] ?? (group ? COMMANDS[group] : undefined);
}

export async function run(ctx: AdminContext, args: AdminArgs): Promise<string> {
  const command = findCommand(args.positionals);
  if (!command) throw new Error(USAGE);
  return command(ctx, args);
}
