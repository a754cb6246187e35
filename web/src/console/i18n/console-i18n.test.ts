import { describe, expect, it } from 'vitest';
import { pickLanguage } from './console-i18n';

describe('the console language', () => {
  it('is English or Simplified Chinese: a stored choice first, then the browser, English for any other language', () => {
    expect(pickLanguage('zh-CN', ['en-US'])).toBe('zh-CN');
    expect(pickLanguage('en', ['zh-CN'])).toBe('en');
    expect(pickLanguage(null, ['zh-CN', 'en'])).toBe('zh-CN');
    expect(pickLanguage(null, ['zh'])).toBe('zh-CN');
    expect(pickLanguage(null, ['zh-Hans-CN'])).toBe('zh-CN');
    // Traditional Chinese, German, Korean: the console has no such text, English it is
    for (const other of [['zh-TW'], ['de-DE'], ['ko'], []]) expect(pickLanguage(null, other)).toBe('en');
    expect(pickLanguage('fr', ['fr-FR'])).toBe('en');
  });
});
