import { Code } from '@ac/protocol/codes';
import type { TUserInfo, TUserInfoResponse } from '@ac/protocol/session';
import { AppError } from '../../lib/app-error.ts';
import { iso } from '../../lib/time.ts';
import type { MembershipsService } from '../memberships/memberships.service.ts';
import type { UserRepo, UserRow } from './user.repo.ts';

export function toUserInfo(u: UserRow, vipType: string): TUserInfo {
  return {
    id: u.id,
    name: u.name,
    nickName: u.nickName,
    email: u.email,
    mobile: u.mobile,
    favicon: u.favicon,
    sex: u.sex,
    level: u.level,
    score: u.score,
    vipType,
    isActivate: u.isActivate ? 1 : 0,
    registerDate: iso(u.registerDate),
    lastLoginTime: iso(u.lastLoginTime),
    updateTime: iso(u.updateTime),
  };
}

export function createUserService(repo: Pick<UserRepo, 'findLiveUser'>, memberships: MembershipsService) {
  async function liveUser(userId: string) {
    const user = await repo.findLiveUser(userId);
    if (!user) throw new AppError(Code.sessionRevoked);
    return user;
  }
  return {
    async userInfo(userId: string, utoken: string): Promise<TUserInfoResponse> {
      const user = await liveUser(userId);
      const vipInfo = await memberships.currentVip(userId);
      return {
        utoken,
        userInfo: toUserInfo(user, vipInfo?.accountType ?? 'standard'),
        storage: await memberships.storage(userId, user.storageUsed),
        vipInfo,
      };
    },
    async publicUserInfo(userId: string): Promise<TUserInfo> {
      const user = await liveUser(userId);
      const vipInfo = await memberships.currentVip(userId);
      return toUserInfo(user, vipInfo?.accountType ?? 'standard');
    },
  };
}
export type UserService = ReturnType<typeof createUserService>;
