import { LANGUAGES } from '@ac/protocol/enums';
import { describe, expect, it } from 'vitest';
import { messageLanguage } from './language.ts';
import {
  activationMailText,
  codeMessageText,
  contactChangedText,
  type MailMessages,
  mailText,
  passwordResetNoticeText,
} from './mail-texts.ts';

// One entry per message: the compiler fails when a message is added without one.
const samples: { [M in keyof MailMessages]: MailMessages[M] } = {
  code: { code: '482913', minutes: 17 },
  registerNotice: {},
  receiptIssued: {
    orderNo: 'ORD-RECEIPT-1',
    number: 'R-US-000042',
    amount: '$12.34',
    link: 'https://ac.example/account/secure/order/detail?orderNo=ORD-RECEIPT-1',
  },
  creditNoteIssued: {
    orderNo: 'ORD-RECEIPT-1',
    number: 'CN-US-000007',
    receipt: 'R-US-000042',
    amount: '$5.00',
    link: 'https://ac.example/account/secure/order/detail?orderNo=ORD-RECEIPT-1',
  },
  dataExport: { link: 'https://ac.example/user/v5/dataExport/download/tok-4', hours: 23 },
  activation: { link: 'https://ac.example/toactivate/tok-1', hours: 49 },
  reset: { link: 'https://ac.example/reset/tok-2', minutes: 31 },
  passwordResetNotice: {},
  contactChanged: { contact: 'CONTACT-WORD' },
  passwordChanged: {},
  twoFactorOn: {},
  twoFactorOff: {},
  thirdUnbound: { provider: 'ProviderName' },
  thirdBound: { provider: 'ProviderName' },
  accountDeleted: {},
  companyInvitation: { company: 'CompanyName', link: 'https://ac.example/enterprise/join/tok-3', days: 9 },
  redeemHandOver: {
    company: 'CompanyName',
    goods: 'GoodsName',
    days: 37,
    code: 'ABCD-EFGH-JKLM-NPQR-ST',
    validTo: '2027-01-02',
    link: 'https://ac.example/redeemcode',
  },
  invoiceIssued: {
    invoiceNo: 'IV2026112900001',
    fiscalNo: '26442000000012345678',
    amount: '¥1,234.00',
    title: 'TitleName',
    link: 'https://ac.example/secure/invoice/detail?no=IV2026112900001',
  },
  renewalFailed: {
    goods: 'GoodsName',
    amount: 'USD 3.99',
    retry: ' RETRY-PHRASE',
    end: '2027-03-04',
    link: 'https://ac.example/products',
  },
  renewalReminder: { goods: 'GoodsName', date: '2027-03-04', amount: 'USD 3.99', link: 'https://ac.example/products' },
  newSignIn: {
    time: '2027-03-04 05:06 UTC',
    place: 'PlaceName',
    browser: 'BrowserName',
    link: 'https://ac.example/activity',
  },
  endingReminder: { goods: 'GoodsName', date: '2027-03-04', link: 'https://ac.example/products' },
};

describe('mail texts', () => {
  for (const language of LANGUAGES) {
    it(`renders every message in ${language} with its placeholders filled`, () => {
      for (const [message, values] of Object.entries(samples) as [keyof MailMessages, Record<string, unknown>][]) {
        const { subject, text } = mailText(language, message, values as never);
        expect(subject.trim(), `${language} ${message}`).not.toBe('');
        expect(text.trim(), `${language} ${message}`).not.toBe('');
        expect(`${subject}${text}`, `${language} ${message}`).not.toMatch(/\{\{|\}\}/);
        for (const value of Object.values(values)) expect(text, `${language} ${message}`).toContain(String(value));
      }
      for (const kind of ['email', 'mobile'] as const) {
        expect(contactChangedText(language, kind).text).not.toMatch(/\{\{|\}\}/);
      }
    });
  }

  it('keeps the exact English texts', () => {
    expect(codeMessageText('en', '123456', 10)).toEqual({
      subject: 'Your verification code',
      text: 'Your verification code is 123456. It is valid for 10 minutes. If you did not ask for it, ignore this message.',
    });
    expect(activationMailText('en', 'https://ac.example/a?x=$&', 48)).toEqual({
      subject: 'Activate your account',
      text: 'Welcome! Open this link to activate your account:\n\nhttps://ac.example/a?x=$&\n\nThe link is valid for 48 hours and works once. If you did not register, ignore this message.',
    });
    expect(contactChangedText('en', 'mobile').text).toBe(
      'The mobile number of your account was changed and this one is no longer used to sign in. If you did not do this, reset your password and contact support at once.',
    );
    expect(passwordResetNoticeText('zh-CN').subject).toBe('您的密码已重置');
  });

  it('uses the English text for French', () => {
    expect(codeMessageText('fr', '1', 2)).toEqual(codeMessageText('en', '1', 2));
  });
});

describe('messageLanguage', () => {
  it('picks a supported language, else the fallback', () => {
    expect(messageLanguage(undefined, 'zh-CN')).toBe('zh-CN');
    expect(messageLanguage('EN', 'zh-CN')).toBe('en');
    expect(messageLanguage('de-AT', 'en')).toBe('de');
    expect(messageLanguage('zh-HK', 'en')).toBe('zh-TW');
    expect(messageLanguage('zh', 'en')).toBe('zh-CN');
    expect(messageLanguage('pt-BR', 'en')).toBe('en');
  });
});
