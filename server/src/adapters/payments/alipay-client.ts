/** The alipay-sdk client of our app (payments and agreement payments share it), Alipay's times and its notify route. */
import { payNotifyPath } from '@ac/protocol/http-paths';
import type { AlipaySdk } from 'alipay-sdk';
import type { AlipayConfig } from '../../config/payments.ts';
import { lazy } from '../../lib/lazy.ts';
import { pkcs1Pem, privateKeyOf, publicKeyOf, spkiPem } from './keys.ts';

export const ALIPAY_NOTIFY_PATH = payNotifyPath('alipay');

/** The SDK client, loaded on its first use. */
export type AlipayClient = () => Promise<AlipaySdk>;

export function alipayClient(config: AlipayConfig): AlipayClient {
  // the keys are read now (a wrong one stops the start); the SDK loads on the first call (lib/lazy.ts)
  const privateKey = pkcs1Pem(privateKeyOf(config.privateKey));
  const alipayPublicKey = spkiPem(publicKeyOf(config.alipayPublicKey));
  return lazy(async () => {
    const { AlipaySdk } = await import('alipay-sdk');
    return new AlipaySdk({
      appId: config.appId,
      privateKey,
      keyType: 'PKCS1',
      alipayPublicKey,
      ...(config.gateway ? { gateway: config.gateway } : {}),
    });
  });
}

/** "2026-01-05 12:30:00" in Beijing time → Date. */
export function beijingTime(text: string | undefined): Date | null {
  if (!text || !/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(text)) return null;
  return new Date(`${text.replace(' ', 'T')}+08:00`);
}
