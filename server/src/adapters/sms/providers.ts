/** The SMS provider SMS_PROVIDER selects (config/sms.ts); none for the outbox. */
import type { SmsConfig } from '../../config/sms.ts';
import { createAliyunSms } from './aliyun.ts';
import type { SmsProvider } from './sms.ts';
import { createTencentSms } from './tencent.ts';
import { createTwilioSms } from './twilio.ts';

export function createSmsProvider(c: SmsConfig): SmsProvider | undefined {
  switch (c.provider) {
    case 'outbox':
      return undefined;
    case 'aliyun':
      return createAliyunSms(c.aliyun);
    case 'tencent':
      return createTencentSms(c.tencent);
    case 'twilio':
      return createTwilioSms(c.twilio);
  }
}
