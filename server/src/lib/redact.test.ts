import { calls } from '@ac/protocol/calls';
import { describe, expect, it } from 'vitest';
import { redactText, redactUrl } from './redact.ts';

const TOKEN = 'Zq3x_8Kp-Ls0aB1cD2eF3gH4iJ5kL6mN7oP8qR9sT0u';

describe('redaction', () => {
  it('keeps a URL’s path without its query, fragment or token segments', () => {
    expect(redactUrl(`/account/secure/?utoken=${TOKEN}`)).toBe('/account/secure/');
    expect(redactUrl(`/account/secure/toactivate/${TOKEN}`)).toBe('/account/secure/toactivate/******');
    expect(redactUrl('/secure/h5/reset/short-id#top')).toBe('/secure/h5/reset/******');
    expect(redactUrl('/account/secure/enterprise/join/a7pQ2xLm9Rt4Vw8Yz1Bc3d')).toBe(
      '/account/secure/enterprise/join/******',
    );
    expect(redactUrl(`https://a.example.com/x/${TOKEN}/y?code=1`)).toBe('https://a.example.com/x/******/y');
    expect(redactUrl(calls.company.companyInfo.path)).toBe(calls.company.companyInfo.path);
    expect(redactUrl('https://a.example.com')).toBe('https://a.example.com');
  });

  it('replaces the codes and link ids of a message', () => {
    expect(redactText('Your verification code is 042917. It is valid for 10 minutes.')).toBe(
      'Your verification code is ******. It is valid for 10 minutes.',
    );
    expect(redactText(`您的验证码是123456。`)).toBe('您的验证码是******。');
    expect(redactText(`Open:\n\nhttp://127.0.0.1:8080/site/password/reset/${TOKEN}\n\nValid 30 minutes.`)).toBe(
      'Open:\n\nhttp://127.0.0.1:8080/site/password/reset/******\n\nValid 30 minutes.',
    );
  });
});
