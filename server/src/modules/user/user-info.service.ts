/** The user as the session calls show it: the account with its storage and current membership. */
import type { TUserInfo, TUserInfoResponse } from '@ac/protocol/session';
import { iso } from '../../lib/time.ts';
import type { MembershipsService } from '../memberships/memberships.service.ts';
import type { UserRow, UserService } from './user.service.ts';

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

type Deps = {
  users: Pick<UserService, 'requireLive'>;
  memberships: Pick<MembershipsService, 'currentVip' | 'storage'>;
};

export function createUserInfoService(d: Deps) {
  return {
    async userInfo(userId: string, utoken: string): Promise<TUserInfoResponse> {
      const user = await d.users.requireLive(userId);
      const vipInfo = await d.memberships.currentVip(userId);
      return {
        utoken,
        userInfo: toUserInfo(user, vipInfo?.accountType ?? 'standard'),
        storage: await d.memberships.storage(userId, user.storageUsed),
        vipInfo,
      };
    },
    async publicUserInfo(userId: string): Promise<TUserInfo> {
      const user = await d.users.requireLive(userId);
      const vipInfo = await d.memberships.currentVip(userId);
      return toUserInfo(user, vipInfo?.accountType ?? 'standard');
    },
  };
}
export type UserInfoService = ReturnType<typeof createUserInfoService>;
