import { SUPPORTED_LANGUAGES } from './languages';
import { describeStoreCode, storeCodeMessages } from './store-code-messages';
import { PERMISSION_DENIED, STORE_CODES, isStoreCode } from './store-codes';

describe('store codes and their texts', () => {
  it('has a distinct eight-digit value per code', () => {
    const values = Object.values(STORE_CODES);
    expect(new Set(values).size).toBe(values.length);
    for (const value of values) expect(value).toMatch(/^\d{8}$/);
  });

  it('has a non-empty text in every supported language for every code, Chinese and English apart', () => {
    for (const code of Object.values(STORE_CODES)) {
      for (const language of SUPPORTED_LANGUAGES) expect(storeCodeMessages[code][language].trim()).not.toBe('');
      expect(storeCodeMessages[code]['zh-CN']).toMatch(/[\u4e00-\u9fff]/);
      expect(storeCodeMessages[code]['en-US']).not.toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('describes a code in the asked language, falling back to zh-CN', () => {
    expect(describeStoreCode(STORE_CODES.wrongCredentials, 'en-US')).toBe('wrong username or password');
    expect(describeStoreCode(STORE_CODES.wrongCredentials, 'zh-CN')).toBe('用户名或密码错误');
    expect(describeStoreCode(STORE_CODES.wrongCredentials)).toBe('用户名或密码错误');
    expect(describeStoreCode(STORE_CODES.wrongCredentials, 'fr-FR')).toBe('用户名或密码错误');
  });

  it('names an unknown code in a generic text', () => {
    expect(describeStoreCode('99999999', 'en-US')).toBe('request failed (99999999)');
    expect(describeStoreCode('99999999', 'zh-CN')).toBe('请求失败（99999999）');
  });

  it('uses 10100003 as the no-permission code', () => {
    expect(PERMISSION_DENIED).toBe('10100003');
    expect(isStoreCode(PERMISSION_DENIED)).toBe(true);
    expect(isStoreCode('10100002')).toBe(false);
    expect(describeStoreCode(PERMISSION_DENIED, 'en-US')).toMatch(/no permission/);
  });
});
