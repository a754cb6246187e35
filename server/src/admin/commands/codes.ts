/**
 * codes generate --goods ML2 --count 100 --days 365 --source systemRelease
 *   [--kind personal|company] [--valid-days 365] [--owner <email>] [--out codes.csv]
 * codes void <code>
 */
import { Code } from '@ac/protocol/codes';
import { REDEEM_SOURCES } from '@ac/protocol/enums';
import { AppError } from '../../lib/app-error.ts';
import type { AdminCommand } from '../admin-context.ts';
import { int, oneOf, optionalText, positional, text } from '../args.ts';
import { csv, csvAnswer } from '../output.ts';

export const codesGenerate: AdminCommand = async ({ services }, args) => {
  const ownerEmail = optionalText(args, 'owner');
  const owner = ownerEmail ? await services.users.findByAccount(ownerEmail) : null;
  if (ownerEmail && !owner) throw new AppError(Code.userNotFound, ownerEmail);
  const rows = await services.redeemIssue.issue({
    goodsCode: text(args, 'goods'),
    count: int(args, 'count'),
    days: int(args, 'days'),
    source: oneOf(optionalText(args, 'source') ?? 'systemRelease', REDEEM_SOURCES, '--source'),
    kind: oneOf(optionalText(args, 'kind') ?? 'personal', ['personal', 'company'] as const, '--kind'),
    validDays: int(args, 'valid-days', 365),
    ownerUserId: owner?.id ?? null,
  });
  const file = csv(
    ['serialNo', 'code', 'goodsCode', 'kind', 'days', 'source', 'validFrom', 'validTo'],
    rows.map((r) => [
      r.serialNo,
      r.code,
      r.goodsCode,
      r.kind,
      r.durationDays,
      r.source,
      r.validFrom.toISOString(),
      r.validTo.toISOString(),
    ]),
  );
  return csvAnswer(file, optionalText(args, 'out'), rows.length, 'codes');
};

export const codesVoid: AdminCommand = async ({ services }, args) => {
  const row = await services.redeemIssue.voidCode(positional(args, 2, 'the code'));
  return `${row.serialNo} ${row.code}: ${row.state}`;
};
