import { describe, expect, it } from 'vitest';
import { readProviderCallback } from './provider-callback';

const read = (query: string) => readProviderCallback(new URLSearchParams(query));

describe('readProviderCallback', () => {
  it('reads the code and state (and an OIDC issuer)', () => {
    expect(read('code=c1&state=s1')).toEqual({ kind: 'code', code: 'c1', state: 's1', iss: undefined });
    expect(read('code=c1&state=s1&iss=https%3A%2F%2Fop.example.com')).toMatchObject({ iss: 'https://op.example.com' });
  });

  it('tells a declined sign-in: WeChat / QQ (state alone), Weibo and Facebook (access_denied)', () => {
    expect(read('state=s1')).toEqual({ kind: 'declined' });
    expect(read('error=access_denied&error_code=21330&error_uri=%2Foauth2%2Fauthorize&state=s1')).toEqual({
      kind: 'declined',
    });
    expect(read('error_reason=user_denied&error=access_denied&error_description=Permissions+error.&state=s1')).toEqual({
      kind: 'declined',
    });
  });

  it('anything else is invalid', () => {
    expect(read('')).toEqual({ kind: 'invalid' });
    expect(read('code=c1')).toEqual({ kind: 'invalid' });
    expect(read('error=server_error&state=s1')).toEqual({ kind: 'invalid' });
    expect(read('code=c1&state=s1&error=access_denied')).toEqual({ kind: 'declined' });
  });
});
