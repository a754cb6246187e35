/** The user as the session calls show it: the account with its storage and current membership. */
import { Code } from '@ac/protocol/codes';
import type { TUserInfo, TUserInfoResponse } from '@ac/protocol/session';
import { AppError } from '../../lib/app-error.ts';
import { sha256Hex } from '../../lib/hashing.ts';
import { iso } from '../../lib/time.ts';
import { type MembershipsService, storageOf } from '../memberships/memberships.service.ts';
import { accountFields } from '../user/account-fields.ts';
import type { UserRow, UserService } from '../user/user.service.ts';
import type { SessionSnapshot, SessionSnapshots } from './session-snapshots.ts';

export function toUserInfo(u: UserRow, vipType: string): TUserInfo {
  return {
    ...accountFields(u),
    level: u.level,
    score: u.score,
    vipType,
    isActivate: u.isActivate ? 1 : 0,
    lastLoginTime: iso(u.lastLoginTime),
  };
}

type Deps = {
  users: Pick<UserService, 'requireLive'>;
  memberships: Pick<MembershipsService, 'currentVip' | 'vipAndStorage'>;
  /** The session's cached snapshot (one query, or none) answers userInfo when it is there. */
  snapshots: Pick<SessionSnapshots, 'get'>;
};

export function createUserInfoService(d: Deps) {
  /**
   * The answer built from a kept snapshot (one per session token), the same object while the
   * snapshot is kept, so the envelope checks and writes it once (envelope/kept-answers.ts).
   */
  const fromSnapshot = new WeakMap<SessionSnapshot, TUserInfoResponse>();
  return {
    async userInfo(userId: string, utoken: string): Promise<TUserInfoResponse> {
      const snapshot = await d.snapshots.get(sha256Hex(utoken));
      if (snapshot?.session.userId === userId) {
        const { user, vipInfo } = snapshot;
        if (!user) throw new AppError(Code.sessionRevoked);
        let answer = fromSnapshot.get(snapshot);
        if (!answer) {
          answer = {
            utoken,
            userInfo: toUserInfo(user, vipInfo?.accountType ?? 'standard'),
            storage: storageOf(snapshot.storageGb, user.storageUsed),
            vipInfo,
          };
          fromSnapshot.set(snapshot, answer);
        }
        return answer;
      }
      const user = await d.users.requireLive(userId);
      const { vipInfo, storage } = await d.memberships.vipAndStorage(userId, user.storageUsed);
      return { utoken, userInfo: toUserInfo(user, vipInfo?.accountType ?? 'standard'), storage, vipInfo };
    },
    async publicUserInfo(userId: string): Promise<TUserInfo> {
      const user = await d.users.requireLive(userId);
      const vipInfo = await d.memberships.currentVip(userId);
      return toUserInfo(user, vipInfo?.accountType ?? 'standard');
    },
  };
}
export type UserInfoService = ReturnType<typeof createUserInfoService>;
