import { paths } from '@/config/paths';
import type { RegionConfig } from './region-config';

export const cnRegion: RegionConfig = {
  region: 'cn',
  currency: 'CNY',
  codeLogin: 'sms',
  registerHref: paths.register.getHref(),
  findPasswordHref: paths.passwordFind.getHref(),
};
