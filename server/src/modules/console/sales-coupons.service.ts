/**
 * Coupon campaigns from the console (docs/operations.md#coupons): the list, create, the detail
 * with its usage, issue to members, public codes, end. The campaigns service does the work; each
 * change writes its staff audit row in the change's transaction (its `within` hook).
 */
import type { TCampaign, TCampaignCreateRequest, TCampaignDetail } from '@ac/protocol/console/coupon-shapes';
import type { TCurrency } from '@ac/protocol/enums';
import { iso } from '../../lib/time.ts';
import type { CampaignWithCounts, CouponCampaigns } from '../coupons/coupon-campaigns.service.ts';
import type { CampaignRow } from '../coupons/coupons.repo.ts';
import type { StaffActor, StaffAuditService } from '../staff-audit/staff-audit.service.ts';

type Deps = { campaigns: CouponCampaigns; staffAudit: Pick<StaffAuditService, 'record'>; now?: () => Date };

/** The rules of a campaign as its audit rows keep them. */
const rulesOf = (c: CampaignRow) => ({
  name: c.name,
  region: c.region,
  kind: c.kind,
  amountOff: c.amountOff,
  percentOff: c.percentOff,
  currency: c.currency,
  goodsCodes: c.goodsCodes,
  validFrom: iso(c.validFrom),
  validTo: iso(c.validTo),
  perUserLimit: c.perUserLimit,
  totalLimit: c.totalLimit,
  minCharge: c.minCharge,
});

export function createSalesCoupons(d: Deps) {
  const now = d.now ?? (() => new Date());

  function campaignOf(w: CampaignWithCounts): TCampaign {
    const c = w.campaign;
    const currency = c.currency as TCurrency;
    const at = now();
    return {
      id: c.id,
      name: c.name,
      region: c.region,
      kind: c.kind,
      amountOff: c.kind === 'amount' ? { amount: c.amountOff ?? 0, currency } : null,
      percentOff: c.kind === 'percent' ? c.percentOff : null,
      goodsCodes: c.goodsCodes,
      validFrom: iso(c.validFrom),
      validTo: iso(c.validTo),
      perUserLimit: c.perUserLimit,
      totalLimit: c.totalLimit,
      minCharge: { amount: c.minCharge, currency },
      createdBy: c.createdBy,
      createdAt: iso(c.createdAt),
      endedAt: iso(c.endedAt),
      state: c.endedAt || at >= c.validTo ? 'ended' : at < c.validFrom ? 'scheduled' : 'running',
      issued: w.issued,
      redeemed: w.redeemed,
      publicCodes: w.publicCodes,
    };
  }

  const audit =
    (actor: StaffActor, action: string, reason: string, extra: { before?: unknown; after?: unknown }) =>
    (tx: Parameters<StaffAuditService['record']>[2], c: CampaignRow) =>
      d.staffAudit
        .record(actor, { action, targetType: 'couponCampaign', targetId: c.id, reason, ...extra }, tx)
        .then(() => undefined);

  return {
    async list(p: { pageNo: number; pageSize: number }) {
      const { rows, total } = await d.campaigns.list((p.pageNo - 1) * p.pageSize, p.pageSize);
      return { rows: rows.map(campaignOf), total, pageNo: p.pageNo, pageSize: p.pageSize };
    },

    async create(actor: StaffActor, p: TCampaignCreateRequest) {
      const created = await d.campaigns.create(
        {
          name: p.name,
          region: p.region,
          kind: p.kind,
          amountOff: p.amountOff,
          percentOff: p.percentOff,
          goodsCodes: p.goodsCodes,
          validFrom: new Date(p.validFrom),
          validTo: new Date(p.validTo),
          perUserLimit: p.perUserLimit,
          totalLimit: p.totalLimit,
          minCharge: p.minCharge,
        },
        actor.email,
        (tx, c) => audit(actor, 'coupon.createCampaign', p.reason, { after: rulesOf(c) })(tx, c),
      );
      return { campaign: campaignOf(created) };
    },

    async detail(campaignId: string): Promise<TCampaignDetail> {
      const x = await d.campaigns.detail(campaignId);
      const currency = x.campaign.currency as TCurrency;
      return {
        campaign: campaignOf({ ...x, publicCodes: x.publicCodes.length }),
        issuedCode: x.granted?.code ?? null,
        publicCodes: x.publicCodes.map((c) => ({ code: c.code, uses: c.uses, createdAt: iso(c.createdAt) })),
        recipients: x.recipients.map((r) => ({
          userId: r.userId,
          email: r.email,
          mobile: r.mobile,
          issuedAt: iso(r.at),
        })),
        uses: x.uses.map((u) => ({
          userId: u.use.userId,
          email: u.email,
          code: u.code,
          orderNo: u.use.orderNo,
          discount: { amount: u.use.discount, currency: (u.use.currency ?? currency) as TCurrency },
          at: iso(u.use.createdAt),
          releasedAt: iso(u.use.releasedAt),
        })),
      };
    },

    async issue(actor: StaffActor, p: { campaignId: string; recipients: string[]; reason: string }) {
      const r = await d.campaigns.issue(p.campaignId, p.recipients, (tx, c, added) =>
        audit(actor, 'coupon.issue', p.reason, { after: { recipients: p.recipients.length, added } })(tx, c),
      );
      return { campaign: campaignOf(r), added: r.added, already: r.already };
    },

    async addCodes(actor: StaffActor, p: { campaignId: string; code?: string; count?: number; reason: string }) {
      const r = await d.campaigns.addCodes(p.campaignId, { code: p.code, count: p.count }, (tx, c, codes) =>
        audit(actor, 'coupon.addCodes', p.reason, {
          after: { count: codes.length, codes: codes.length <= 20 ? codes : undefined },
        })(tx, c),
      );
      return { campaign: campaignOf(r), codes: r.codes };
    },

    async end(actor: StaffActor, p: { campaignId: string; reason: string }) {
      const r = await d.campaigns.end(p.campaignId, actor.email, (tx, c) =>
        audit(actor, 'coupon.endCampaign', p.reason, { after: { endedAt: iso(c.endedAt) } })(tx, c),
      );
      return { campaign: campaignOf(r) };
    },
  };
}
export type SalesCoupons = ReturnType<typeof createSalesCoupons>;
