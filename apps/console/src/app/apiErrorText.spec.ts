import { AES_PASSWORD_INVALID, ClientCodes, INTERNAL_ERROR_CODE, SESSION_RESET_CODES } from '@merchant/secure-transport';
import { describeTransportCode } from '@merchant/api-contracts';
import { apiErrorText } from './apiErrorText';

describe('apiErrorText', () => {
  it('has a zh-CN and an en-US text for every code the envelope answers and the transport client raises for a call', () => {
    const codes = [
      ...SESSION_RESET_CODES,
      AES_PASSWORD_INVALID,
      INTERNAL_ERROR_CODE,
      ClientCodes.TIMEOUT,
      ClientCodes.NETWORK,
      ClientCodes.BAD_RESPONSE,
      ClientCodes.FORGED_RESPONSE,
    ];
    for (const code of codes) {
      expect(describeTransportCode(code, 'zh-CN')).toBeDefined();
      expect(describeTransportCode(code, 'en-US')).toBeDefined();
    }
  });

  it('shows envelope codes in the merchant\'s language instead of their English msg', () => {
    expect(apiErrorText({ code: '10301011', msg: 'security mode none is below the minimum aes' }, 'zh-CN', 'x')).toBe(
      describeTransportCode('10301011', 'zh-CN'),
    );
  });

  it('keeps the detailed msg of an invalid-parameter answer and of unknown codes, and the fallback for non-API errors', () => {
    expect(apiErrorText({ code: '10100001', msg: 'mobile: phone number format error' }, 'en-US', 'x')).toBe('mobile: phone number format error');
    expect(apiErrorText({ code: '20000001', msg: 'im service down' }, 'en-US', 'x')).toBe('im service down');
    expect(apiErrorText(new Error('boom'), 'en-US', 'fallback text')).toBe('fallback text');
  });
});
