import { ProtocolError } from '../errors/im-error';
import {
  allCommands, commandByIds, COMMANDS, decodeBody, decodeFrame, defineRecord, encodeBody, encodeFrame, encodePush,
  encodeRequest, encodeResponse, FRAME_HEADER_BYTES, FrameFlag, MAX_FRAME_BYTES, MessageRecord, MessageRecordValue,
  UnknownCommandError, arrayOf,
} from './index';

const fullMessage: MessageRecordValue = {
  idClient: 'c-1', idServer: '9007199254', scene: 0, from: 's_1001', to: 'c_demo1', time: 1_763_800_000_123, type: 0,
  text: 'héllo 👋 世界', fromNick: 'Demo Flagship Store', fromClientType: 16, sessionId: 'p2p-c_demo1', subType: 3,
  custom: '{"a":1}', attach: '{"b":2}', file: { url: 'http://x/y.png', name: 'y.png', ext: 'png', size: 1024, md5: 'abc', w: 10, h: 20, dur: 0 },
  needMsgReceipt: true, isPushable: false, toAccids: ['a', 'b'], comments: [{ from: 'a', body: 1, time: 2 }], replyMsgTime: -5,
  status: 'success', flow: 'out',
};

describe('frame codec', () => {
  it('round-trips a request with every kind of field', () => {
    const bytes = encodeRequest('sendMsg', 7, { msg: fullMessage, toAccids: [] });
    const frame = decodeFrame(bytes);
    expect(frame).toMatchObject({ name: 'sendMsg', serviceId: 7, commandId: 1, serialId: 7, code: 0, flags: 0 });
    expect(frame.body).toEqual({ msg: fullMessage, toAccids: [] });
  });

  it('uses the response schema for server frames and carries code and error fields', () => {
    const bytes = encodeResponse('login', 32767, 200, { connectionId: 'conn-1', loginPorts: [{ type: 16, online: true, connectionId: 'x', time: 5 }] });
    const frame = decodeFrame(bytes);
    expect(frame.serialId).toBe(32767);
    expect(frame.code).toBe(200);
    expect(frame.flags).toBe(FrameFlag.RESPONSE);
    expect(frame.body).toEqual({ connectionId: 'conn-1', loginPorts: [{ type: 16, online: true, connectionId: 'x', time: 5 }] });
    const limited = decodeFrame(encodeResponse('sendMsg', 3, 416, { errMsg: 'slow down', retryAfterSeconds: 30 }));
    expect(limited.body).toEqual({ errMsg: 'slow down', retryAfterSeconds: 30 });
  });

  it('encodes pushes with serial 0 and code 200', () => {
    const frame = decodeFrame(encodePush('kicked', { reason: 1, clientType: 16 }));
    expect(frame).toMatchObject({ name: 'kicked', serialId: 0, code: 200, flags: FrameFlag.PUSH, body: { reason: 1, clientType: 16 } });
  });

  it('heartbeat is an 8-byte header only', () => {
    const bytes = encodeRequest('heartbeat', 0, {});
    expect(bytes.length).toBe(FRAME_HEADER_BYTES);
    expect(decodeFrame(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer).name).toBe('heartbeat');
  });

  it('never overwrites a frame it handed out, across arena refills and growth', () => {
    const frames = Array.from({ length: 3000 }, (_, i) => ({ i, bytes: encodeRequest('sendMsg', (i % 32767) + 1, { msg: { idClient: `m${i}`, text: 'y'.repeat(i % 97) } }) }));
    const big = encodeRequest('sendMsg', 1, { msg: { text: 'z'.repeat(200_000) } });
    frames.push({ i: -1, bytes: encodeRequest('sendMsg', 2, { msg: { idClient: 'after-big' } }) });
    for (const { i, bytes } of frames) expect((decodeFrame(bytes).body.msg as { idClient: string }).idClient).toBe(i < 0 ? 'after-big' : `m${i}`);
    expect((decodeFrame(big).body.msg as { text: string }).text).toHaveLength(200_000);
  });

  it('keeps integers exact up to ±(2^52 - 1) and long strings intact', () => {
    const long = 'x'.repeat(70_000) + 'é';
    const schema = defineRecord('T', { a: [1, 'int'], b: [2, 'int'], c: [3, 'string'], d: [4, 'float'], e: [5, 'bytes'], f: [6, arrayOf(arrayOf('int'))] });
    const value = { a: 2 ** 52 - 1, b: -(2 ** 52 - 1), c: long, d: -1.5e300, e: new Uint8Array([0, 255, 7]), f: [[1, -2], []] };
    expect(decodeBody(schema, encodeBody(schema, value))).toEqual(value);
  });

  it('skips unknown tags of every wire type (forward compatibility)', () => {
    const newer = defineRecord('Newer', { a: [1, 'string'], x: [40, 'int'], y: [41, 'float'], z: [42, defineRecord('Z', { q: [1, 'string'] })], b: [2, 'int'] });
    const older = defineRecord('Older', { a: [1, 'string'], b: [2, 'int'] });
    const bytes = encodeBody(newer, { a: 'kept', x: 99, y: 1.25, z: { q: 'gone' }, b: -3 });
    expect(decodeBody(older, bytes)).toEqual({ a: 'kept', b: -3 });
  });

  it('rejects values that do not fit the schema with ProtocolError 998', () => {
    const bad = [
      { msg: { idClient: 5 } },
      { msg: { time: 1.5 } },
      { msg: { time: 2 ** 53 } },
      { msg: { needMsgReceipt: 'yes' } },
      { msg: 'not a record' },
      { toAccids: 'a' },
    ];
    for (const body of bad) {
      let caught: unknown;
      try {
        encodeFrame({ name: 'sendMsg', serialId: 1, body: body as never });
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(ProtocolError);
      expect((caught as ProtocolError).code).toBe(998);
    }
    expect(() => encodeFrame({ name: 'nope' as never, serialId: 1 })).toThrow(ProtocolError);
    expect(() => encodeFrame({ name: 'heartbeat', serialId: 40000 })).toThrow(ProtocolError);
  });

  it('enforces the maximum frame size on both sides', () => {
    expect(() => encodeRequest('sendMsg', 1, { msg: { text: 'x'.repeat(MAX_FRAME_BYTES) } })).toThrow(/exceeds/);
    const oversize = new Uint8Array(MAX_FRAME_BYTES + 1);
    oversize.set(encodeRequest('heartbeat', 0, {}));
    expect(() => decodeFrame(oversize)).toThrow(ProtocolError);
  });

  it('rejects malformed frames with ProtocolError only', () => {
    const good = encodeRequest('sendMsg', 1, { msg: fullMessage });
    const cases: Uint8Array[] = [
      new Uint8Array(0),
      good.subarray(0, 5),
      Uint8Array.of(2, ...good.subarray(1)), // wrong version
      good.subarray(0, good.length - 3), // truncated body
      Uint8Array.of(...good.subarray(0, 8), 0x07), // wire type 3
      Uint8Array.of(...good.subarray(0, 8), 0x06, 0x7f), // length past the end
      Uint8Array.of(...good.subarray(0, 8), 0x04, 0x01), // msg (record) sent as a varint
      Uint8Array.of(1, 0, 7, 1, 0xff, 0xff, 0, 0), // serial above 32767
    ];
    for (const bytes of cases) expect(() => decodeFrame(bytes)).toThrow(ProtocolError);
    expect(() => decodeFrame('text' as never)).toThrow(ProtocolError);
  });

  it('reports unknown commands with code 999 and the header, so a server can answer', () => {
    const bytes = Uint8Array.of(1, 0, 200, 200, 0, 9, 0, 0);
    let caught: unknown;
    try {
      decodeFrame(bytes);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(UnknownCommandError);
    expect((caught as UnknownCommandError).code).toBe(999);
    expect((caught as UnknownCommandError).header).toMatchObject({ serviceId: 200, commandId: 200, serialId: 9 });
  });

  it('has a unique (service, command) pair per command and the spec read-ack pairs', () => {
    const pairs = new Set(allCommands().map((c) => `${c.serviceId}/${c.commandId}`));
    expect(pairs.size).toBe(Object.keys(COMMANDS).length);
    const readAckPairs: Array<[number, number, string]> = [
      [7, 2, 'msg'], [7, 3, 'sysMsg'], [8, 3, 'teamMsg'], [21, 19, 'superTeamSysMsg'], [101, 2, 'filterMsg'],
      [101, 3, 'filterSysMsg'], [9, 11, 'netcallMsg'], [7, 17, 'broadcastMsg'],
    ];
    for (const [serviceId, commandId, name] of readAckPairs) expect(commandByIds(serviceId, commandId)?.name).toBe(name);
  });

  it('the message of all §3 fields stays compact (single-byte keys for the common ones)', () => {
    const common = MessageRecord.compiled.filter((field) => field.tag < 32).map((field) => field.name);
    expect(common).toEqual(expect.arrayContaining(['idClient', 'idServer', 'scene', 'from', 'to', 'time', 'type', 'text']));
  });
});
