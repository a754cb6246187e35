/** Verification codes and the image captcha (docs/protocol.md#verification-codes). */
import { Code } from '../codes.ts';
import { ZEmpty } from '../common.ts';
import { defineContract } from '../contract.ts';
import { ZKaptchaResponse, ZKaptchaVerifyRequest, ZKaptchaVerifyResponse } from '../profile.ts';
import {
  ZSendCodeResponse,
  ZSendEmailCodeRequest,
  ZSendSmsCodeRequest,
  ZSmsCodeVerifyRequest,
  ZSmsCodeVerifyResponse,
} from '../verification.ts';

const sendErrors = [Code.codeSendTooSoon, Code.tooManyRequests, Code.captchaRequired, Code.accountOnOtherNode];

export const codes = {
  sendEmailCode: defineContract({
    path: '/user/v5/profile/sendEmailCode',
    summary: 'Send a verification code by mail',
    tag: 'codes',
    auth: false,
    request: ZSendEmailCodeRequest,
    response: ZSendCodeResponse,
    errors: sendErrors,
  }),
  sendSmsCode: defineContract({
    path: '/user/v5/profile/sendSmsCode',
    summary: 'Send a verification code by SMS',
    tag: 'codes',
    auth: false,
    request: ZSendSmsCodeRequest,
    response: ZSendCodeResponse,
    errors: sendErrors,
  }),
  smsCodeVerify: defineContract({
    path: '/user/v5/profile/smsCodeVerify',
    summary: 'Check an SMS code before the step that uses it (the code stays valid for that step)',
    tag: 'codes',
    auth: false,
    request: ZSmsCodeVerifyRequest,
    response: ZSmsCodeVerifyResponse,
    errors: [Code.codeInvalid],
  }),
  kaptcha: defineContract({
    path: '/user/v5/profile/kaptcha',
    summary: 'Draw an image captcha: {imageKey, image} where image is an SVG data URL (5 minutes, one try)',
    tag: 'codes',
    auth: false,
    request: ZEmpty,
    response: ZKaptchaResponse,
  }),
  kaptchaVerify: defineContract({
    path: '/user/v5/profile/kaptchaVerify',
    summary: 'Answer an image captcha; the ticket lets one more code be sent (single use, 10 minutes)',
    tag: 'codes',
    auth: false,
    request: ZKaptchaVerifyRequest,
    response: ZKaptchaVerifyResponse,
    errors: [Code.captchaWrong],
  }),
};
