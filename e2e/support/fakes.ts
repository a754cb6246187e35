/**
 * The fakes of the e2e run, each a small server of its own (support/<script>),
 * started beside the product servers by support/start-servers.ts: the SMTP
 * sink, the OIDC provider, the native login fakes, the Aliyun SMS fake, the
 * Stripe, PayPal, FastSpring and Google Play fakes, the China server's Nuonuo e-invoicing and
 * Tencent Cloud FaceID fakes, and the Alipay gateway fake of `cn2`'s agreement payments.
 * Each is up when `readyUrl` answers at all (the payment fakes answer 401 to a request
 * without their key).
 */
import { ALIPAY } from './alipay-config.ts';
import { FACEID_FAKE } from './faceid-fake-config.ts';
import { FASTSPRING } from './fastspring-config.ts';
import { GOOGLE_PLAY } from './google-play-config.ts';
import { NUONUO_FAKE } from './nuonuo-fake-config.ts';
import { OAUTH_FAKE } from './oauth-fake-config.ts';
import { PAYPAL } from './paypal-config.ts';
import { OIDC } from './servers.ts';
import { SMS_FAKE } from './sms-fake-config.ts';
import { SMTP_SINK } from './smtp-sink-config.ts';
import { STRIPE } from './stripe-config.ts';

export type Fake = { name: string; script: string; readyUrl: string };

export const fakes: Fake[] = [
  { name: 'smtp-sink', script: 'smtp-sink.ts', readyUrl: SMTP_SINK.messagesUrl },
  { name: 'oidc', script: 'oidc-server.ts', readyUrl: `${OIDC.issuer}/.well-known/openid-configuration` },
  { name: 'oauth-fake', script: 'oauth-fake.ts', readyUrl: OAUTH_FAKE.issuedUrl },
  { name: 'sms-fake', script: 'sms-fake.ts', readyUrl: SMS_FAKE.messagesUrl },
  { name: 'fake-stripe', script: 'fake-stripe-server.ts', readyUrl: `${STRIPE.apiBase}/v1/checkout/sessions` },
  { name: 'nuonuo-fake', script: 'nuonuo-fake.ts', readyUrl: `${NUONUO_FAKE.url}/` },
  { name: 'faceid-fake', script: 'faceid-fake.ts', readyUrl: FACEID_FAKE.checksUrl },
  { name: 'fake-paypal', script: 'fake-paypal-server.ts', readyUrl: `${PAYPAL.apiBase}/v2/checkout/orders/UP` },
  { name: 'fake-fastspring', script: 'fake-fastspring-server.ts', readyUrl: FASTSPRING.scriptUrl },
  // answers an unsigned call with Alipay's signed isv.invalid-signature
  { name: 'fake-alipay', script: 'fake-alipay-server.ts', readyUrl: ALIPAY.gateway },
  { name: 'fake-google-play', script: 'fake-google-play-server.ts', readyUrl: `${GOOGLE_PLAY.url}/jwks` },
];
