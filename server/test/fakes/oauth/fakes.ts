/**
 * Test support: one local server with the fakes of the native login
 * providers that are given (fake-provider.ts), each under its prefix —
 * the OAUTH_<P>_API_BASE of a server under test is `fake.base('<p>')`.
 */
import { type FacebookFakeOptions, facebookFake } from './facebook.fake.ts';
import { createFakeStore, type OAuthFakeServer, type ProviderFake, serveFakes } from './fake-provider.ts';
import { type QqFakeOptions, qqFake } from './qq.fake.ts';
import { type WechatFakeOptions, wechatFake } from './wechat.fake.ts';
import { type WeiboFakeOptions, weiboFake } from './weibo.fake.ts';

export type OAuthFakesOptions = {
  port?: number;
  wx?: WechatFakeOptions;
  qq?: QqFakeOptions;
  weibo?: WeiboFakeOptions;
  facebook?: FacebookFakeOptions;
  /** The fakes' clock (code expiry). */
  now?: () => number;
};

export function startOAuthFakes(o: OAuthFakesOptions): Promise<OAuthFakeServer> {
  const store = createFakeStore(o.now);
  const providers: Record<string, ProviderFake> = {};
  if (o.wx) providers.wx = wechatFake(o.wx, store);
  if (o.qq) providers.qq = qqFake(o.qq, store);
  if (o.weibo) providers.weibo = weiboFake(o.weibo, store);
  if (o.facebook) providers.facebook = facebookFake(o.facebook, store);
  return serveFakes(providers, store, o.port);
}
