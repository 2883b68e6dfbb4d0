import { MSG_DELAY_BEACON_MAX_ENTRIES, parseLbsFailure, parseMsgDelayBeacon } from './telemetry';

const report = { request_url: 'http://lbs/lbs?id=a', appkey: 'app', accid: 'a', timestamp: 1, error_code: 503, platform: 'web', send_time: 2 };
const entry = { appkey: 'app', accid: 'a', fromAccid: 'b', msgId: 'm1', serverTime: 10, receiveTime: 50, sessionId: 'p2p-b', platform: 'web', sdk_ver: '0.1.0', manufactor: 'v' };

describe('telemetry bodies (§7 failed-location report and message-delay beacon)', () => {
  it('reads a failed-location report and names the first wrong field', () => {
    expect(parseLbsFailure(report)).toEqual({ ok: true, value: { appkey: 'app', accid: 'a', requestUrl: 'http://lbs/lbs?id=a', errorCode: '503', platform: 'web', timestamp: 1, sendTime: 2 } });
    expect(parseLbsFailure({ ...report, error_code: 'ETIMEDOUT' })).toMatchObject({ ok: true, value: { errorCode: 'ETIMEDOUT' } });
    for (const [body, field] of [[null, 'body'], [[report], 'body'], [{ ...report, appkey: 1 }, 'appkey'], [{ ...report, accid: '' }, 'accid'], [{ ...report, request_url: undefined }, 'request_url'],
      [{ ...report, error_code: { x: 1 } }, 'error_code'], [{ ...report, timestamp: -1 }, 'timestamp'], [{ ...report, send_time: 1.5 }, 'send_time']] as const) {
      expect(parseLbsFailure(body)).toMatchObject({ ok: false, field });
    }
  });

  it('reads a beacon of at most 1000 entries, each with the §7 fields', () => {
    expect(parseMsgDelayBeacon({ list: [entry] })).toEqual({ ok: true, value: [{ appkey: 'app', accid: 'a', fromAccid: 'b', msgId: 'm1', sessionId: 'p2p-b', serverTime: 10, receiveTime: 50, platform: 'web', sdkVer: '0.1.0', manufactor: 'v' }] });
    expect(parseMsgDelayBeacon({ list: [] })).toMatchObject({ ok: false, field: 'list' });
    expect(parseMsgDelayBeacon({ list: Array.from({ length: MSG_DELAY_BEACON_MAX_ENTRIES + 1 }, () => entry) })).toMatchObject({ ok: false, field: 'list' });
    expect(parseMsgDelayBeacon({ list: [entry, { ...entry, msgId: 7 }] })).toMatchObject({ ok: false, field: 'list.1.msgId' });
    expect(parseMsgDelayBeacon({ list: [{ ...entry, serverTime: '10' }] })).toMatchObject({ ok: false, field: 'list.0.serverTime' });
    expect(parseMsgDelayBeacon('garbage')).toMatchObject({ ok: false, field: 'list' });
  });
});
