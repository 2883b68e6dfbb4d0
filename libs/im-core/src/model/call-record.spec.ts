import fc from 'fast-check';
import { CALL_RECORD_STATUSES, callRecordAttach, parseCallRecord, type CallRecord } from './call-record';

describe('call record attach (g2, netcallMsg)', () => {
  it('reads back what it writes, for every status, type and length', () => {
    const record = fc.record({
      channelId: fc.string({ minLength: 1, maxLength: 40 }),
      callType: fc.integer({ min: 1, max: 3 }),
      status: fc.constantFrom(...CALL_RECORD_STATUSES),
      durationSeconds: fc.integer({ min: 0, max: 86_400 }),
    });
    fc.assert(
      fc.property(record, ({ durationSeconds, ...rest }) => {
        const written: CallRecord = rest.status === 'completed' ? { ...rest, durationSeconds } : rest;
        expect(parseCallRecord(callRecordAttach(written))).toEqual(written);
      }),
    );
  });

  it('keeps a length only on a completed call, in whole seconds', () => {
    expect(JSON.parse(callRecordAttach({ channelId: 'c', callType: 1, status: 'rejected', durationSeconds: 9 }))).toEqual({ channelId: 'c', callType: 1, status: 'rejected' });
    expect(parseCallRecord(callRecordAttach({ channelId: 'c', callType: 2, status: 'completed', durationSeconds: 61.9 }))).toEqual({ channelId: 'c', callType: 2, status: 'completed', durationSeconds: 61 });
  });

  it('reads anything else as no call record', () => {
    for (const attach of [undefined, '', 'not json', 'null', '[]', '{"channelId":"c","callType":1}', '{"channelId":"c","callType":1,"status":"missed"}',
      '{"channelId":1,"callType":1,"status":"canceled"}', '{"channelId":"c","callType":1.5,"status":"canceled"}', '{"channelId":"c","callType":1,"status":"completed"}',
      '{"channelId":"c","callType":1,"status":"completed","durationSeconds":-1}']) {
      expect(parseCallRecord(attach)).toBeUndefined();
    }
  });
});
