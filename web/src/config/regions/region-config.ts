/** What differs between the overseas and the China build (docs/protocol.md#regions), one typed object per region. */
import type { TCurrency, TRegion } from '@ac/protocol/enums';
import { getRegion } from '@/lib/app-config';
import { cnRegion } from './cn';
import { usRegion } from './us';

export type RegionConfig = {
  region: TRegion;
  currency: TCurrency;
  /** Code login by mail (overseas) or by SMS to a mobile number (China). */
  codeLogin: 'email' | 'sms';
  registerHref: string;
  findPasswordHref: string;
};

const regions: Record<TRegion, RegionConfig> = { us: usRegion, cn: cnRegion };

export function regionConfig(region: TRegion = getRegion()): RegionConfig {
  return regions[region];
}
