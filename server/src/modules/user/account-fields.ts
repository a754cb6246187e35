/** The fields of an account that both userInfo (session) and the profile's user detail show. */
import { iso } from '../../lib/time.ts';
import type { UserRow } from './user.service.ts';

export function accountFields(u: UserRow) {
  return {
    id: u.id,
    name: u.name,
    nickName: u.nickName,
    email: u.email,
    mobile: u.mobile,
    favicon: u.favicon,
    sex: u.sex,
    registerDate: iso(u.registerDate),
    updateTime: iso(u.updateTime),
  };
}
