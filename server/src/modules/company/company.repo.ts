import { and, asc, count, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  companies,
  companyInvitations,
  companyMembers,
  companySeatAssignments,
  companySeats,
  goods,
  users,
} from '../../db/schema/index.ts';

export type CompanyRow = typeof companies.$inferSelect;
export type MemberRole = (typeof companyMembers.$inferSelect)['role'];

export function createCompanyRepo(db: DbOrTx) {
  return {
    /** Members of the companies whose name contains `text` (the console's user search). */
    async membersOfCompaniesNamed(text: string) {
      const rows = await db
        .select({ userId: companyMembers.userId })
        .from(companyMembers)
        .innerJoin(companies, eq(companies.id, companyMembers.companyId))
        .where(sql`${companies.name} ilike ${`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`)
        .limit(500);
      return rows.map((r) => r.userId);
    },
    async companyOfUser(userId: string) {
      const rows = await db
        .select({
          companyId: companies.id,
          companyName: companies.name,
          role: companyMembers.role,
          companyStatus: companies.status,
          freezeStatus: companies.freezeStatus,
          endTime: companies.endTime,
        })
        .from(companyMembers)
        .innerJoin(companies, eq(companies.id, companyMembers.companyId))
        .where(eq(companyMembers.userId, userId))
        .limit(1);
      return rows[0] ?? null;
    },
    async inActiveCompany(userId: string) {
      const rows = await db
        .select({ id: companies.id })
        .from(companyMembers)
        .innerJoin(companies, eq(companies.id, companyMembers.companyId))
        .where(and(eq(companyMembers.userId, userId), eq(companies.status, 'active')))
        .limit(1);
      return rows.length > 0;
    },
    /** The name of the user's active company when it requires two-factor, else null. */
    async twoFactorRequiredBy(userId: string) {
      const [row] = await db
        .select({ name: companies.name })
        .from(companyMembers)
        .innerJoin(companies, eq(companies.id, companyMembers.companyId))
        .where(
          and(eq(companyMembers.userId, userId), eq(companies.status, 'active'), eq(companies.requireTwoFactor, true)),
        )
        .limit(1);
      return row?.name ?? null;
    },
    async deleteMember(userId: string) {
      await db.delete(companyMembers).where(eq(companyMembers.userId, userId));
    },

    // ---- companies ----

    async findCompany(id: string) {
      const [row] = await db.select().from(companies).where(eq(companies.id, id));
      return row ?? null;
    },
    /** Serialises the writes of one company's members and seats. */
    async lockCompany(id: string) {
      const [row] = await db.select().from(companies).where(eq(companies.id, id)).for('update');
      return row ?? null;
    },
    async insertCompany(row: typeof companies.$inferInsert) {
      const [created] = await db.insert(companies).values(row).returning();
      return created!;
    },
    async updateCompany(
      id: string,
      patch: Partial<Pick<CompanyRow, 'status' | 'freezeStatus' | 'endTime' | 'name' | 'requireTwoFactor'>>,
    ) {
      await db.update(companies).set(patch).where(eq(companies.id, id));
    },
    async listCompanies() {
      return db.select().from(companies).orderBy(asc(companies.createdAt));
    },
    /** The console's company list: part of the name or the whole id; newest first, with the member count. */
    async searchCompanies(text: string | undefined, page: { offset: number; limit: number }) {
      const id = text && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text) ? text : null;
      const where = text
        ? or(
            sql`${companies.name} ilike ${`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
            ...(id ? [eq(companies.id, id.toLowerCase())] : []),
          )
        : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select({
            company: companies,
            memberCount: sql<number>`(select count(*)::int from ${companyMembers} m where m.company_id = ${companies.id})`,
          })
          .from(companies)
          .where(where)
          .orderBy(desc(companies.createdAt), desc(companies.id))
          .offset(page.offset)
          .limit(page.limit),
        db.select({ n: count() }).from(companies).where(where),
      ]);
      return { rows, total: Number(total?.n ?? 0) };
    },
    async countMembers(companyId: string) {
      const [row] = await db.select({ n: count() }).from(companyMembers).where(eq(companyMembers.companyId, companyId));
      return Number(row?.n ?? 0);
    },

    // ---- members ----

    async membership(userId: string) {
      const [row] = await db.select().from(companyMembers).where(eq(companyMembers.userId, userId));
      return row ?? null;
    },
    async insertMember(row: typeof companyMembers.$inferInsert) {
      await db.insert(companyMembers).values(row);
    },
    async setRole(companyId: string, userId: string, role: MemberRole) {
      await db
        .update(companyMembers)
        .set({ role })
        .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
    },
    async removeMember(companyId: string, userId: string) {
      await db
        .delete(companyMembers)
        .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
    },
    async members(companyId: string) {
      return db
        .select({
          userId: companyMembers.userId,
          name: users.name,
          nickName: users.nickName,
          email: users.email,
          role: companyMembers.role,
          joinedAt: companyMembers.joinedAt,
        })
        .from(companyMembers)
        .innerJoin(users, eq(users.id, companyMembers.userId))
        .where(eq(companyMembers.companyId, companyId))
        .orderBy(asc(companyMembers.joinedAt));
    },
    async userIdsOf(companyId: string) {
      const rows = await db
        .select({ userId: companyMembers.userId })
        .from(companyMembers)
        .where(eq(companyMembers.companyId, companyId));
      return rows.map((r) => r.userId);
    },

    // ---- seats ----

    async seats(companyId: string) {
      return db
        .select({
          goodsCode: companySeats.goodsCode,
          goodsName: goods.name,
          total: companySeats.total,
          used: sql<number>`(select count(*)::int from ${companySeatAssignments} a where a.company_id = ${companySeats.companyId} and a.goods_code = ${companySeats.goodsCode})`,
        })
        .from(companySeats)
        .innerJoin(goods, eq(goods.code, companySeats.goodsCode))
        .where(eq(companySeats.companyId, companyId))
        .orderBy(asc(companySeats.goodsCode));
    },
    /** The seat row of one goods code, locked: assignments of that code run one after the other. */
    async lockSeat(companyId: string, goodsCode: string) {
      const [row] = await db
        .select()
        .from(companySeats)
        .where(and(eq(companySeats.companyId, companyId), eq(companySeats.goodsCode, goodsCode)))
        .for('update');
      return row ?? null;
    },
    async upsertSeats(companyId: string, goodsCode: string, total: number) {
      await db
        .insert(companySeats)
        .values({ companyId, goodsCode, total })
        .onConflictDoUpdate({ target: [companySeats.companyId, companySeats.goodsCode], set: { total } });
    },
    async countAssigned(companyId: string, goodsCode: string) {
      const [row] = await db
        .select({ n: count() })
        .from(companySeatAssignments)
        .where(and(eq(companySeatAssignments.companyId, companyId), eq(companySeatAssignments.goodsCode, goodsCode)));
      return Number(row?.n ?? 0);
    },
    async assignments(companyId: string) {
      return db
        .select({ userId: companySeatAssignments.userId, goodsCode: companySeatAssignments.goodsCode })
        .from(companySeatAssignments)
        .where(eq(companySeatAssignments.companyId, companyId));
    },
    async insertAssignment(companyId: string, goodsCode: string, userId: string, at: Date) {
      const rows = await db
        .insert(companySeatAssignments)
        .values({ companyId, goodsCode, userId, assignedAt: at })
        .onConflictDoNothing()
        .returning({ userId: companySeatAssignments.userId });
      return rows.length > 0;
    },
    async deleteAssignment(companyId: string, goodsCode: string, userId: string) {
      const rows = await db
        .delete(companySeatAssignments)
        .where(
          and(
            eq(companySeatAssignments.companyId, companyId),
            eq(companySeatAssignments.goodsCode, goodsCode),
            eq(companySeatAssignments.userId, userId),
          ),
        )
        .returning({ userId: companySeatAssignments.userId });
      return rows.length > 0;
    },
    async deleteAssignmentsOf(companyId: string, userId: string) {
      await db
        .delete(companySeatAssignments)
        .where(and(eq(companySeatAssignments.companyId, companyId), eq(companySeatAssignments.userId, userId)));
    },
    /**
     * The seats a user holds in a company that grants now (active, not frozen,
     * before its end time), with their goods: start at the assignment, end at
     * the company's end time.
     */
    async liveSeatGrants(userId: string, at: Date) {
      return db
        .select({
          goodsCode: companySeatAssignments.goodsCode,
          name: goods.name,
          productType: goods.productType,
          accountType: goods.accountType,
          level: goods.level,
          storageGb: goods.storageGb,
          startTime: companySeatAssignments.assignedAt,
          endTime: companies.endTime,
        })
        .from(companySeatAssignments)
        .innerJoin(companies, eq(companies.id, companySeatAssignments.companyId))
        .innerJoin(goods, eq(goods.code, companySeatAssignments.goodsCode))
        .where(
          and(
            eq(companySeatAssignments.userId, userId),
            eq(companies.status, 'active'),
            eq(companies.freezeStatus, 'normal'),
            gt(companies.endTime, at),
            sql`${companySeatAssignments.assignedAt} <= ${at}`,
          ),
        );
    },
    /** Whether the user's company holds seats of the goods code and is frozen. */
    async frozenCompanyHoldsSeats(userId: string, goodsCode: string) {
      const rows = await db
        .select({ id: companies.id })
        .from(companyMembers)
        .innerJoin(companies, eq(companies.id, companyMembers.companyId))
        .innerJoin(companySeats, and(eq(companySeats.companyId, companies.id), eq(companySeats.goodsCode, goodsCode)))
        .where(and(eq(companyMembers.userId, userId), eq(companies.freezeStatus, 'frozen')))
        .limit(1);
      return rows.length > 0;
    },

    // ---- invitations ----

    async insertInvitation(row: typeof companyInvitations.$inferInsert) {
      const [created] = await db.insert(companyInvitations).values(row).returning();
      return created!;
    },
    async invitationByHash(tokenHash: string, lock = false) {
      const query = db
        .select({ invitation: companyInvitations, companyName: companies.name })
        .from(companyInvitations)
        .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
        .where(eq(companyInvitations.tokenHash, tokenHash));
      const [row] = await (lock ? query.for('update', { of: companyInvitations }) : query);
      return row ?? null;
    },
    async markInvitationUsed(id: string, userId: string, at: Date) {
      const rows = await db
        .update(companyInvitations)
        .set({ usedAt: at, usedBy: userId })
        .where(and(eq(companyInvitations.id, id), isNull(companyInvitations.usedAt)))
        .returning({ id: companyInvitations.id });
      return rows.length > 0;
    },
    async openInvitations(companyId: string, at: Date) {
      return db
        .select()
        .from(companyInvitations)
        .where(
          and(
            eq(companyInvitations.companyId, companyId),
            isNull(companyInvitations.usedAt),
            gt(companyInvitations.expiresAt, at),
          ),
        )
        .orderBy(asc(companyInvitations.createdAt));
    },
    async deleteOpenInvitation(companyId: string, id: string) {
      const rows = await db
        .delete(companyInvitations)
        .where(
          and(
            eq(companyInvitations.id, id),
            eq(companyInvitations.companyId, companyId),
            isNull(companyInvitations.usedAt),
          ),
        )
        .returning({ id: companyInvitations.id });
      return rows.length > 0;
    },
    /** Invitations sent to an address within the window (the send limit). */
    async countInvitationsSince(email: string, since: Date) {
      const [row] = await db
        .select({ n: count() })
        .from(companyInvitations)
        .where(and(eq(companyInvitations.email, email), gt(companyInvitations.createdAt, since)));
      return Number(row?.n ?? 0);
    },
  };
}
export type CompanyRepo = ReturnType<typeof createCompanyRepo>;
