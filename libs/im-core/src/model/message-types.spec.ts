import { ImError } from '../errors';
import { MessageTypeCode, SceneCode } from '../protocol/constants';
import type { MessageRecordValue } from '../protocol/records';
import type { ImMessage } from '../store/entities';
import { TEAM_FORCE_PUSH_MAX, isRobotOutput, normalizeGeo, normalizeSendRecord, sendMessageProblem } from './message-types';
import { normalizeIncoming } from './message-state';
import {
  buildCustomMessage,
  buildFileMessage,
  buildForward,
  buildGeoMessage,
  buildRobotMessage,
  buildTipMessage,
  type OutgoingContext,
} from './outgoing-messages';

const ME = 's_1001';
const ctx = (idClient = 'new-1'): OutgoingContext => ({ idClient, account: ME, time: 1000 });
const md5 = '0123456789abcdef0123456789abcdef';
const img = { url: 'https://cdn.example/a.png', ext: 'png', size: 2048, w: 10, h: 20, md5, name: 'a.png' };
const base: MessageRecordValue = { idClient: 'c1', scene: SceneCode.p2p, to: 'c_demo1' };
const rec = (type: keyof typeof MessageTypeCode, fields: Partial<MessageRecordValue> = {}): MessageRecordValue => ({ ...base, type: MessageTypeCode[type], ...fields });

// Each row: a record the shared rule (client and im-server) must accept or refuse with that code and text.
const REFUSED: [string, MessageRecordValue, number, RegExp][] = [
  ['no idClient', { ...rec('text', { text: 'x' }), idClient: undefined }, 414, /idClient is required/],
  ['idClient above 64', rec('text', { text: 'x', idClient: 'i'.repeat(65) }), 405, /idClient/],
  ['unknown scene 3', rec('text', { text: 'x', scene: 3 }), 414, /scene must be p2p, team or superTeam/],
  ['no to', rec('text', { text: 'x', to: '' }), 414, /to is required/],
  ['unknown type code 7', { ...base, type: 7, text: 'x' }, 414, /cannot send message of type 7/],
  ['notification (server-written)', rec('notification', { attach: '{}' }), 414, /cannot send message of type notification/],
  ['g2 (server-written)', rec('g2', { attach: '{}' }), 414, /cannot send message of type g2/],
  ['subType 0', rec('text', { text: 'x', subType: 0 }), 414, /subType must be an integer greater than 0/],
  ['subType 1.5', rec('text', { text: 'x', subType: 1.5 }), 414, /subType/],
  ['subType -2', rec('text', { text: 'x', subType: -2 }), 414, /subType/],
  ['text above 5000', rec('text', { text: 'x'.repeat(5001) }), 405, /text must be at most 5000/],
  ['pushContent above 5000', rec('text', { text: 'x', pushContent: 'p'.repeat(5001) }), 405, /pushContent/],
  ['custom above 5000', rec('text', { text: 'x', custom: 'c'.repeat(5001) }), 405, /custom/],
  ['attach above 20000', rec('custom', { attach: 'a'.repeat(20_001) }), 405, /attach/],
  ['empty text', rec('text', { text: '  ' }), 414, /a text message needs text/],
  ['image without file', rec('image'), 414, /needs file with url, ext and size/],
  ['image without url', rec('image', { file: { ...img, url: undefined } }), 414, /file.url is required/],
  ['image with a javascript: url', rec('image', { file: { ...img, url: 'javascript:alert(1)' } }), 414, /http\(s\)/],
  ['image without ext', rec('image', { file: { ...img, ext: '' } }), 414, /file.ext is required/],
  ['image without size', rec('image', { file: { ...img, size: undefined } }), 414, /file.size/],
  ['image with negative size', rec('image', { file: { ...img, size: -1 } }), 414, /file.size/],
  ['image without w', rec('image', { file: { ...img, w: undefined } }), 414, /needs file.w/],
  ['image without h', rec('image', { file: { ...img, h: undefined } }), 414, /needs file.h/],
  ['image with a bad md5', rec('image', { file: { ...img, md5: 'xyz' } }), 414, /md5/],
  ['audio without dur', rec('audio', { file: { url: 'https://x/a.aac', ext: 'aac', size: 1 } }), 414, /needs file.dur/],
  ['video without dur', rec('video', { file: { url: 'https://x/v.mp4', ext: 'mp4', size: 1, w: 1, h: 1 } }), 414, /needs file.dur/],
  ['video without w', rec('video', { file: { url: 'https://x/v.mp4', ext: 'mp4', size: 1, h: 1, dur: 3 } }), 414, /needs file.w/],
  ['file without ext', rec('file', { file: { url: 'https://x/f', size: 1 } }), 414, /file.ext/],
  ['file with a name above 255', rec('file', { file: { url: 'https://x/f', ext: 'pdf', size: 1, name: 'n'.repeat(256) } }), 405, /file.name/],
  ['geo without attach', rec('geo'), 414, /a geo message needs attach/],
  ['geo with non-JSON attach', rec('geo', { attach: 'not json' }), 414, /a geo message needs attach/],
  ['tip without tip', rec('tip'), 414, /a tip message needs tip/],
  ['custom without content', rec('custom'), 414, /a custom message needs attach/],
  ['robot without robotAccid', rec('robot', { attach: '{"content":{"type":"welcome"}}' }), 414, /robotAccid/],
  ['robot with an unknown content type', rec('robot', { attach: '{"robotAccid":"r1","content":{"type":"dance"}}' }), 414, /content.type/],
  ['robot text request without text', rec('robot', { attach: '{"robotAccid":"r1","content":{"type":"text"}}' }), 414, /content.content/],
];

const ACCEPTED: [string, MessageRecordValue][] = [
  ['text', rec('text', { text: 'hi', subType: 3, custom: '{"k":1}', pushContent: 'p'.repeat(5000) })],
  ['text at 5000', rec('text', { text: 'x'.repeat(5000) })],
  ['team scene', rec('text', { text: 'hi', scene: SceneCode.team })],
  ['superTeam scene', rec('text', { text: 'hi', scene: SceneCode.superTeam })],
  ['image', rec('image', { file: img })],
  ['audio', rec('audio', { file: { url: 'https://x/a.aac', ext: 'aac', size: 1, dur: 3000 } })],
  ['video', rec('video', { file: { url: 'https://x/v.mp4', ext: 'mp4', size: 1, w: 640, h: 360, dur: 3000 } })],
  ['file', rec('file', { file: { url: 'https://x/f.pdf', ext: 'pdf', size: 0, name: 'f.pdf' } })],
  ['geo', rec('geo', { attach: '{"loc_x":1,"loc_y":2,"loc_z":3,"title":"HQ"}' })],
  ['tip', rec('tip', { tip: 'the store closes at 9pm' })],
  ['custom', rec('custom', { attach: '{"card":"order","id":7}' })],
  ['robot request', rec('robot', { attach: '{"robotAccid":"r1","content":{"type":"text","content":"hours?"}}' })],
  ['robot output', rec('robot', { attach: '{"robotAccid":"r1","output":{"text":"9-21"}}' })],
];

describe('sendMessageProblem (the §3/§5 table client and im-server share)', () => {
  it.each(REFUSED)('refuses %s', (_name, record, code, text) => {
    const problem = sendMessageProblem(normalizeSendRecord(record));
    expect(problem?.code).toBe(code);
    expect(problem?.message).toMatch(text);
  });

  it.each(ACCEPTED)('accepts %s', (_name, record) => {
    expect(sendMessageProblem(normalizeSendRecord(record))).toBeUndefined();
  });

  it('refuses a missing or non-object msg', () => {
    expect(sendMessageProblem(undefined)).toMatchObject({ code: 414, message: 'msg is required' });
  });
});

describe('forced-push list of a team message (§8 811)', () => {
  const team = (forcePushAccounts: unknown): MessageRecordValue => ({ ...rec('text', { text: 'x' }), scene: SceneCode.team, to: '12', forcePushAccounts: forcePushAccounts as string[] });
  it(`takes up to ${TEAM_FORCE_PUSH_MAX} accounts on a team message and answers 811 'forced-push list too long' past it`, () => {
    expect(sendMessageProblem(team(['c_1', 'c_2']))).toBeUndefined();
    expect(sendMessageProblem(team(Array.from({ length: TEAM_FORCE_PUSH_MAX }, (_, i) => `c_${i}`)))).toBeUndefined();
    expect(sendMessageProblem(team(Array.from({ length: TEAM_FORCE_PUSH_MAX + 1 }, (_, i) => `c_${i}`)))).toEqual({ code: 811, message: 'forced-push list too long' });
  });
  it('refuses a list that is not of accounts (414), and one on a p2p or super-team message', () => {
    for (const bad of ['c_1', [''], [7], {}]) expect(sendMessageProblem(team(bad))).toEqual({ code: 414, message: 'forcePushAccounts must be a list of accounts' });
    for (const scene of [SceneCode.p2p, SceneCode.superTeam]) {
      expect(sendMessageProblem({ ...team(['c_1']), scene })).toEqual({ code: 414, message: 'forcePushAccounts is for team messages only' });
    }
  });
});

describe('normalizeSendRecord', () => {
  it('geo: loc_x, loc_y, loc_z default to 0 when not a number (§3)', () => {
    const out = normalizeSendRecord(rec('geo', { attach: JSON.stringify({ loc_x: '12', loc_y: null, loc_z: 7.5, title: 'HQ' }) }));
    expect(JSON.parse(out.attach as string)).toEqual({ loc_x: 0, loc_y: 0, loc_z: 7.5, title: 'HQ' });
    expect(normalizeGeo(undefined)).toEqual({ loc_x: 0, loc_y: 0, loc_z: 0 });
    expect(normalizeGeo({ loc_x: Number.NaN, loc_y: Infinity, loc_z: 2 })).toEqual({ loc_x: 0, loc_y: 0, loc_z: 2 });
  });

  it('drops the fields a type does not use', () => {
    const image = normalizeSendRecord(rec('image', { file: img, text: 'stray', tip: 'stray', attach: '{"x":1}' }));
    expect(image).toEqual(rec('image', { file: img }));
    const text = normalizeSendRecord(rec('text', { text: 'hi', file: img, tip: 't' }));
    expect(text).toEqual(rec('text', { text: 'hi' }));
  });
});

describe('outgoing builders (client send APIs)', () => {
  const expectRefused = (build: () => unknown, message: RegExp, code = 414) => {
    let thrown: unknown;
    try {
      build();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ImError);
    expect(thrown).toMatchObject({ errorName: 'Param_Error', code });
    expect((thrown as Error).message).toMatch(message);
  };

  it('image: sending, out, file kept, nothing else', () => {
    const m = buildFileMessage('image', { scene: 'p2p', to: 'c_demo1', file: img }, ctx());
    expect(m).toEqual({ idClient: 'new-1', sessionId: 'p2p-c_demo1', scene: 'p2p', from: ME, to: 'c_demo1', time: 1000, type: 'image', file: img, flow: 'out', status: 'sending' });
  });

  it('refuses bad input with the shared rule text', () => {
    expectRefused(() => buildFileMessage('image', { scene: 'p2p', to: 'c_demo1', file: { ...img, w: undefined } }, ctx()), /needs file.w/);
    expectRefused(() => buildFileMessage('file', { scene: 'p2p', to: 'c_demo1', file: undefined as never }, ctx()), /needs file/);
    expectRefused(() => buildTipMessage({ scene: 'p2p', to: 'c_demo1', tip: '' }, ctx()), /needs tip/);
    expectRefused(() => buildCustomMessage({ scene: 'p2p', to: 'c_demo1', content: 'x'.repeat(20_001) }, ctx()), /attach/, 405);
    expectRefused(() => buildTipMessage({ scene: 'room' as never, to: 'c_demo1', tip: 't' }, ctx()), /scene must be one of/);
    expectRefused(() => buildTipMessage({ scene: 'p2p', to: 'c_demo1', tip: 't', subType: 0 }, ctx()), /subType/);
    expectRefused(() => buildTipMessage({ scene: 'p2p', to: 'c_demo1', tip: 't', ps: 'p'.repeat(5001) }, ctx()), /ps must be/);
    expectRefused(() => buildTipMessage({ scene: 'p2p', to: ' ', tip: 't' }, ctx()), /to must be/);
    expectRefused(() => buildRobotMessage({ scene: 'p2p', to: 'r1', robotAccid: '', content: { type: 'welcome' } }, ctx()), /robotAccid/);
  });

  it('geo: defaults applied to the stored message', () => {
    const m = buildGeoMessage({ scene: 'p2p', to: 'c_demo1', geo: { loc_x: 'x', loc_y: 31.2, title: 'Store' } }, ctx());
    expect(JSON.parse(m.attach as string)).toEqual({ loc_x: 0, loc_y: 31.2, loc_z: 0, title: 'Store' });
  });

  it('tip, custom and robot carry their content where the server reads it', () => {
    expect(buildTipMessage({ scene: 'team', to: 't1', tip: 'welcome' }, ctx())).toMatchObject({ type: 'tip', tip: 'welcome', sessionId: 'team-t1' });
    expect(buildCustomMessage({ scene: 'p2p', to: 'c1', content: '{"a":1}', pushContent: 'you got a card' }, ctx())).toMatchObject({ type: 'custom', attach: '{"a":1}', pushContent: 'you got a card' });
    const robot = buildRobotMessage({ scene: 'p2p', to: 'r1', robotAccid: 'r1', content: { type: 'text', content: 'hours?' } }, ctx());
    expect(JSON.parse(robot.attach as string)).toEqual({ robotAccid: 'r1', content: { type: 'text', content: 'hours?' } });
  });

  it('forward: a new idClient, the same content, another session; the original is unchanged', () => {
    const original: ImMessage = {
      idClient: 'orig', idServer: '77', sessionId: 'p2p-c_demo1', scene: 'p2p', from: 'c_demo1', to: ME, time: 5, type: 'image', file: img,
      subType: 2, custom: '{"c":1}', flow: 'in', status: 'success', isInBlackList: true,
    };
    const copy = { ...original };
    const forwarded = buildForward(original, { scene: 'p2p', to: 'c_demo2' }, ctx('fwd-1'));
    expect(forwarded).toEqual({
      idClient: 'fwd-1', sessionId: 'p2p-c_demo2', scene: 'p2p', from: ME, to: 'c_demo2', time: 1000, type: 'image', file: img, subType: 2, custom: '{"c":1}',
      flow: 'out', status: 'sending',
    });
    expect(original).toEqual(copy);
    expectRefused(() => buildForward(original, { scene: 'p2p', to: 'c_demo2' }, ctx('orig')), /new idClient/);
    expectRefused(() => buildForward({ ...original, type: 'notification' }, { scene: 'p2p', to: 'c_demo2' }, ctx()), /cannot send message of type notification/);
    expectRefused(() => buildForward({ ...original, type: 'netcall_audio' }, { scene: 'p2p', to: 'c_demo2' }, ctx()), /cannot send message of type netcall_audio/);
  });
});

describe('§3 robot output is treated as incoming', () => {
  const robot = (attach: string, from: string, to: string) =>
    normalizeIncoming({ idClient: 'r', scene: 'p2p', from, to, time: 1, type: 'robot', attach }, ME);

  it('an output recorded under this account is in, in the conversation with the robot', () => {
    expect(robot('{"robotAccid":"bot1","output":{"text":"9-21"}}', ME, 'bot1')).toMatchObject({ flow: 'in', sessionId: 'p2p-bot1', status: 'success' });
    expect(robot('{"robotAccid":"bot1","output":{"text":"9-21"}}', 'bot1', ME)).toMatchObject({ flow: 'in', sessionId: 'p2p-bot1' });
  });

  it('a request to the robot without output stays out', () => {
    expect(robot('{"robotAccid":"bot1","content":{"type":"welcome"}}', ME, 'bot1')).toMatchObject({ flow: 'out', sessionId: 'p2p-bot1' });
    expect(isRobotOutput({ type: 'robot', attach: 'not json' })).toBe(false);
    expect(isRobotOutput({ type: 'custom', attach: '{"robotAccid":"b","output":1}' })).toBe(false);
  });
});
