// A module's error text reaches every caller in the caller's language: a text written in both languages
// as it is, an English-only one (the operator's command-line paths) as the code's own text outside en-US.
import { STORE_CODES, describeStoreCode } from '@merchant/api-contracts';
import { StoreError, text } from './store-error';

describe('StoreError.messageIn', () => {
  it('answers a text written in both languages in the language asked for', () => {
    const error = new StoreError(STORE_CODES.notFound, text('未找到', 'not found'));
    expect(error.messageIn('zh-CN')).toBe('未找到');
    expect(error.messageIn('en-US')).toBe('not found');
    expect(error.message).toBe('not found');
  });

  it('answers an English-only text as is in en-US and as the code\'s own text in Chinese', () => {
    const error = new StoreError(STORE_CODES.notFound, 'store 9 not found');
    expect(error.messageIn('en-US')).toBe('store 9 not found');
    expect(error.messageIn('zh-CN')).toBe(describeStoreCode(STORE_CODES.notFound, 'zh-CN'));
    expect(error.messageIn('zh-CN')).toMatch(/[\u4e00-\u9fff]/);
  });
});
