import { describeTransportCode, isTransportCode, transportCodeMessages } from './transport-code-messages';

describe('transport code texts', () => {
  // apps/console/src/app/apiErrorText.spec.ts checks the list against @merchant/secure-transport's own constants.
  it('has a Chinese zh-CN and a plain en-US text for each code', () => {
    for (const code of Object.keys(transportCodeMessages)) {
      expect(isTransportCode(code)).toBe(true);
      expect(transportCodeMessages[code]['zh-CN']).toMatch(/[\u4e00-\u9fff]/);
      expect(transportCodeMessages[code]['en-US']).toMatch(/^[\x20-\x7e]+$/);
    }
  });

  it('answers in the asked language, falls back to zh-CN, and leaves other codes alone', () => {
    expect(describeTransportCode('10301011', 'en-US')).toBe('this security mode is not allowed, please sign in again');
    expect(describeTransportCode('10301011', 'fr-FR')).toBe(transportCodeMessages['10301011']['zh-CN']);
    expect(describeTransportCode('10103001', 'en-US')).toBeUndefined();
  });
});
