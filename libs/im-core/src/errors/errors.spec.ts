import { describeResponseCode, formatUploadError, isSuccessCode, KickReason, kickReasonText, errorFromResponseCode, ImError, ProtocolError, ResponseCode } from './index';

describe('error catalogue (§8)', () => {
  it('200, 406, 808 and 810 yield no error; 408, 415 and 500 are reported', () => {
    for (const code of [200, 406, 808, 810]) {
      expect(isSuccessCode(code)).toBe(true);
      expect(errorFromResponseCode(code, 'x')).toBeUndefined();
    }
    for (const code of [408, 415, 500]) {
      expect(describeResponseCode(code).handling).toBe('reported');
      expect(errorFromResponseCode(code, 'x')?.isReported).toBe(true);
    }
    expect(describeResponseCode(414)).toEqual({ meaning: 'parameter error', handling: 'error' });
    expect(errorFromResponseCode(7101, 'sendMsg')).toMatchObject({ code: 7101, command: 'sendMsg', errorName: 'Server_Error', isReported: false });
    expect(describeResponseCode(10405).meaning).toBe('room exists');
  });

  it('415 (not supported by the server) becomes Not_Support', () => {
    expect(errorFromResponseCode(ResponseCode.SERVICE_UNAVAILABLE, 'getTeam', 'not supported')).toMatchObject({ errorName: 'Not_Support', code: 415 });
  });

  it('formats upload errors as code(message) with unknown defaults', () => {
    expect(formatUploadError(403, 'denied')).toBe('403(denied)');
    expect(formatUploadError()).toBe('unknown(unknown error)');
    expect(formatUploadError('', null)).toBe('unknown(unknown error)');
  });

  it('maps kick reasons to the §8 texts in order, defaulting to unknown reason', () => {
    expect(kickReasonText(KickReason.samePlatform)).toMatch(/several places/);
    expect(kickReasonText(KickReason.serverKick)).toMatch(/server/);
    expect(kickReasonText(KickReason.otherPlatform)).toMatch(/another client/);
    expect(kickReasonText(KickReason.silentlyKick)).toMatch(/Silently/);
    expect(kickReasonText(99)).toBe('unknown reason');
  });

  it('ProtocolError is an ImError with a 997–999 code', () => {
    const error = new ProtocolError('bad');
    expect(error).toBeInstanceOf(ImError);
    expect(error).toMatchObject({ code: 997, errorName: 'Protocol_Error' });
  });
});
