import { describe, expect, it } from 'vitest';
import { detectLanguage, normalizeLanguage } from './detect-language';

describe('language detection', () => {
  it('normalizes tags and aliases to the nine languages', () => {
    expect(normalizeLanguage('en_US')).toBe('en');
    expect(normalizeLanguage('zh-hant-TW')).toBe('zh-TW');
    expect(normalizeLanguage('zh_HK')).toBe('zh-TW');
    expect(normalizeLanguage('zh')).toBe('zh-CN');
    expect(normalizeLanguage('HU')).toBe('hu');
    expect(normalizeLanguage('kr')).toBe('ko');
    expect(normalizeLanguage('ja')).toBeUndefined();
  });

  it('prefers the URL, then the cookie, then the browser, then the region default', () => {
    const base = { cookie: undefined, browser: [] as string[], region: 'us' as const };
    expect(detectLanguage({ ...base, search: '?lang=de', cookie: 'it', browser: ['es'] })).toBe('de');
    expect(detectLanguage({ ...base, search: '?language=ko', cookie: 'it' })).toBe('ko');
    expect(detectLanguage({ ...base, search: '', cookie: 'it', browser: ['es'] })).toBe('it');
    expect(detectLanguage({ ...base, search: '', browser: ['ja-JP', 'es-MX'] })).toBe('es');
    expect(detectLanguage({ ...base, search: '', browser: ['ja-JP'] })).toBe('en');
    expect(detectLanguage({ ...base, search: '', region: 'cn' })).toBe('zh-CN');
  });
});
