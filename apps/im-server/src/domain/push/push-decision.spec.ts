import { devicesToNotify, notificationText, PUSH_BODY_MAX_LENGTH, type PushDevice } from './push-decision';

const phone: PushDevice = { deviceId: 'phone', tokenName: 'fcm', token: 't1', pushkit: false, backgroundConnectionId: 'c-phone' };
const tablet: PushDevice = { deviceId: 'tablet', tokenName: 'apns', token: 't2', pushkit: false, backgroundConnectionId: null };
const noToken: PushDevice = { deviceId: 'web', tokenName: '', token: '', pushkit: false, backgroundConnectionId: null };

describe('devicesToNotify (docs/protocol.md "Push settings")', () => {
  it('all offline: every device with a token', () => {
    expect(devicesToNotify([], [phone, tablet, noToken], false)).toEqual([phone, tablet]);
  });
  it('a phone online in the background does not stop it; one in the foreground does', () => {
    expect(devicesToNotify([{ connectionId: 'c-phone', type: 1 }], [phone, tablet], false)).toEqual([phone, tablet]);
    expect(devicesToNotify([{ connectionId: 'c-phone', type: 1 }, { connectionId: 'c-tablet', type: 2 }], [phone, tablet], false)).toEqual([]);
  });
  it('a desktop port (PC 4, web 16, Mac 64) online stops it unless shouldPushNotificationWhenPCOnline', () => {
    for (const type of [4, 16, 64]) {
      expect(devicesToNotify([{ connectionId: 'c-desk', type }], [phone], false)).toEqual([]);
      expect(devicesToNotify([{ connectionId: 'c-desk', type }], [phone], true)).toEqual([phone]);
    }
  });
  it('no token: nothing', () => {
    expect(devicesToNotify([], [noToken], true)).toEqual([]);
  });
});

describe('notificationText', () => {
  const msg = { type: 0, text: 'hello', from: 'c_a', fromNick: 'Ann' };
  it('nick title and text body by default; pushContent and needPushNick false win', () => {
    expect(notificationText(msg, {})).toEqual({ title: 'Ann', body: 'hello', payload: '' });
    expect(notificationText({ ...msg, fromNick: '' }, {})).toMatchObject({ title: 'c_a' });
    expect(notificationText(msg, { pushContent: 'New order', needPushNick: false, pushPayload: '{}' })).toEqual({ title: '', body: 'New order', payload: '{}' });
  });
  it('long text is cut; other types name their type', () => {
    expect(notificationText({ ...msg, text: 'x'.repeat(300) }, {}).body).toHaveLength(PUSH_BODY_MAX_LENGTH);
    expect(notificationText({ ...msg, type: 1, text: '' }, {}).body).toBe('[image]');
  });
});
