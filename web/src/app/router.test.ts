import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import type { AppConfig } from '@/lib/app-config';
import { pageUsesAntd } from './router';

const config = (region: 'us' | 'cn'): AppConfig => ({
  region,
  basePath: region === 'us' ? '/account/secure' : '/secure',
  links: {},
  payChannels: [],
  renewing: false,
});

describe('pageUsesAntd (which first views load antd and its locale, docs/performance.md)', () => {
  it('is false for the product centre and the login page, built without antd, in both regions', () => {
    expect(pageUsesAntd(config('us'), '/products')).toBe(false);
    expect(pageUsesAntd(config('cn'), '/products')).toBe(false);
    expect(pageUsesAntd(config('us'), paths.login.path)).toBe(false);
    expect(pageUsesAntd(config('cn'), paths.login.path)).toBe(false);
  });

  it('is true for the other pages of the main shell and the site pages', () => {
    expect(pageUsesAntd(config('us'), '/order')).toBe(true);
    expect(pageUsesAntd(config('us'), '/profile')).toBe(true);
    expect(pageUsesAntd(config('us'), paths.siteRegister.path)).toBe(true);
    expect(pageUsesAntd(config('cn'), paths.register.path)).toBe(true);
  });

  it("is false for a redirect (the main shell's index goes to the product centre)", () => {
    expect(pageUsesAntd(config('us'), '/')).toBe(false);
  });

  it('in the /h5 shell, only for the pages that say they are built of antd', () => {
    expect(pageUsesAntd(config('us'), '/h5/profile')).toBe(false);
    expect(pageUsesAntd(config('cn'), paths.h5FindPwd.path)).toBe(true);
  });
});
