import { paths } from '@/config/paths';
import type { RegionConfig } from './region-config';

export const usRegion: RegionConfig = {
  region: 'us',
  currency: 'USD',
  codeLogin: 'email',
  registerHref: paths.siteRegister.getHref(),
  findPasswordHref: paths.sitePasswordFind.getHref(),
};
