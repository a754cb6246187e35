/** Runs the Alibaba Cloud SMS fake for the e2e China server (e2e/support/sms-fake-config.ts). */
import { startAliyunFake } from '../../server/test/fakes/sms/aliyun.fake.ts';
import { SMS_FAKE } from './sms-fake-config.ts';

// the demo account's number gets a code in many specs of one run
await startAliyunFake({
  port: SMS_FAKE.port,
  accessKeyId: SMS_FAKE.accessKeyId,
  accessKeySecret: SMS_FAKE.accessKeySecret,
  signName: SMS_FAKE.signName,
  templateCodes: SMS_FAKE.templateCodes,
  dailyLimit: 10_000,
});
console.log(`Aliyun SMS fake at ${SMS_FAKE.url}`);
