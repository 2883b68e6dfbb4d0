import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, pickLanguage } from './languages';

describe('pickLanguage', () => {
  it('defaults to zh-CN when the header is missing, empty or names no supported language', () => {
    expect(DEFAULT_LANGUAGE).toBe('zh-CN');
    expect(SUPPORTED_LANGUAGES).toEqual(['zh-CN', 'en-US']);
    expect(pickLanguage(undefined)).toBe('zh-CN');
    expect(pickLanguage(null)).toBe('zh-CN');
    expect(pickLanguage('')).toBe('zh-CN');
    expect(pickLanguage('fr-FR, de;q=0.8')).toBe('zh-CN');
    expect(pickLanguage(';;;,,q=abc')).toBe('zh-CN');
  });

  it('maps English and Chinese tags to the supported language of their primary subtag', () => {
    expect(pickLanguage('en-US')).toBe('en-US');
    expect(pickLanguage('en')).toBe('en-US');
    expect(pickLanguage('EN-gb')).toBe('en-US');
    expect(pickLanguage('zh-Hans-CN')).toBe('zh-CN');
  });

  it('follows q-values, and the earlier entry on a tie', () => {
    expect(pickLanguage('fr;q=1, en;q=0.5, zh;q=0.9')).toBe('zh-CN');
    expect(pickLanguage('zh;q=0.4, en-US;q=0.8')).toBe('en-US');
    expect(pickLanguage('en-US, zh-CN')).toBe('en-US');
    expect(pickLanguage('en;q=0, zh;q=0.1')).toBe('zh-CN');
    expect(pickLanguage('en;q=2')).toBe('zh-CN');
  });

  it('accepts a repeated header as an array', () => {
    expect(pickLanguage(['fr', 'en-US;q=0.7'])).toBe('en-US');
  });
});
