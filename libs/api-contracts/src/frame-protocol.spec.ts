// The console ⇄ frame protocol (frame-protocol.ts): every message type survives postMessage's
// structured clone and parses back to itself; anything else is refused with null, never a throw.
import fc from 'fast-check';
import {
  CONSOLE_MESSAGE_SOURCE,
  CONSOLE_TO_FRAME_TYPES,
  FRAME_MESSAGE_SOURCE,
  FRAME_TO_CONSOLE_TYPES,
  consoleToFrameMessage,
  frameToConsoleMessage,
  parseConsoleToFrameMessage,
  parseFrameToConsoleMessage,
  type ConsoleToFrameMessageOf,
  type ConsoleToFrameType,
  type FrameToConsoleMessageOf,
  type FrameToConsoleType,
} from './frame-protocol';

const imAccount = fc.stringMatching(/^[A-Za-z0-9_.@-]{1,64}$/);
const requestId = fc.string({ minLength: 1, maxLength: 100 });
const nonEmpty = fc.string({ minLength: 1 });
const replyId = fc.integer({ min: 1, max: 2 ** 31 - 1 });
const replyText = fc.string({ minLength: 1, maxLength: 500 });

// Mapped over every type: a type added to the protocol without a generator here fails to compile.
const frameToConsolePayloads: { [Type in FrameToConsoleType]: fc.Arbitrary<FrameToConsoleMessageOf<Type>['payload']> } = {
  ready: fc.record({ account: fc.string() }),
  newMessage: fc.record({
    sessionId: fc.string(),
    from: fc.string(),
    fromNick: fc.string(),
    text: fc.string(),
    time: fc.double({ noNaN: true, noDefaultInfinity: true }),
  }),
  unread: fc.record({ total: fc.nat() }),
  tokenRequest: fc.record({ requestId }),
  quickReplyRequest: fc.record({
    requestId,
    action: fc.oneof(
      fc.record({ kind: fc.constant('list' as const) }),
      fc.record({ kind: fc.constant('add' as const), text: replyText }),
      fc.record({ kind: fc.constant('edit' as const), replyId, text: replyText }),
      fc.record({ kind: fc.constant('move' as const), replyId, toIndex: fc.nat() }),
      fc.record({ kind: fc.constant('delete' as const), replyId }),
    ),
  }),
  buyerOrdersRequest: fc.record({ requestId, account: imAccount }),
  openOrder: fc.record({ orderId: replyId }),
  openGoods: fc.record({ goodsId: replyId }),
};

const consoleToFramePayloads: { [Type in ConsoleToFrameType]: fc.Arbitrary<ConsoleToFrameMessageOf<Type>['payload']> } = {
  visibility: fc.record({ visible: fc.boolean() }),
  language: fc.record({ lang: nonEmpty }),
  token: fc.record({ requestId, account: nonEmpty, token: nonEmpty }),
  tokenError: fc.record({ requestId, reason: fc.string() }),
  openConversation: fc.record({ account: imAccount }),
  quickReplies: fc.record({ requestId, list: fc.array(fc.record({ replyId, text: replyText }), { maxLength: 20 }) }),
  deskError: fc.record({ requestId, reason: fc.string() }),
  buyerOrders: fc.record({
    requestId,
    storeId: replyId,
    account: imAccount,
    list: fc.array(
      fc.record({
        orderId: replyId,
        orderNo: fc.string(),
        status: fc.integer({ min: 0, max: 9 }),
        amountCents: fc.nat(),
        createTime: fc.nat(),
        itemCount: fc.nat(),
        items: fc.array(fc.record({ goodsId: replyId, title: fc.string(), quantity: fc.nat() }), { maxLength: 3 }),
      }),
      { maxLength: 10 },
    ),
  }),
};

const anyFrameToConsole = fc.oneof(
  ...FRAME_TO_CONSOLE_TYPES.map((type) => frameToConsolePayloads[type].map((payload) => frameToConsoleMessage(type, payload as never))),
);
const anyConsoleToFrame = fc.oneof(
  ...CONSOLE_TO_FRAME_TYPES.map((type) => consoleToFramePayloads[type].map((payload) => consoleToFrameMessage(type, payload as never))),
);

/** A well-formed message with one payload field replaced by a value of another kind, or removed. */
function withBrokenField(message: { source: string; type: string; payload: object }) {
  const fields = Object.keys(message.payload);
  return fc
    .record({
      field: fc.constantFrom(...fields),
      replacement: fc.oneof(fc.constant(undefined), fc.constant(null), fc.object(), fc.array(fc.nat()), fc.constant(Number.NaN)),
    })
    .filter(({ field, replacement }) => typeof replacement !== typeof (message.payload as Record<string, unknown>)[field] || Number.isNaN(replacement))
    .map(({ field, replacement }) => ({ ...message, payload: { ...message.payload, [field]: replacement } }));
}

describe('frame protocol: round trips', () => {
  it('lists every message type of each direction', () => {
    expect(FRAME_TO_CONSOLE_TYPES).toEqual(['ready', 'newMessage', 'unread', 'tokenRequest', 'quickReplyRequest', 'buyerOrdersRequest', 'openOrder', 'openGoods']);
    expect(CONSOLE_TO_FRAME_TYPES).toEqual(['visibility', 'language', 'token', 'tokenError', 'openConversation', 'quickReplies', 'deskError', 'buyerOrders']);
  });

  it('builds messages in the wire shape { source, type, payload }', () => {
    expect(frameToConsoleMessage('unread', { total: 3 })).toEqual({ source: 'merchant-im-frame', type: 'unread', payload: { total: 3 } });
    expect(consoleToFrameMessage('visibility', { visible: false })).toEqual({
      source: 'merchant-console',
      type: 'visibility',
      payload: { visible: false },
    });
  });

  it('parses every frame → console message back to itself after a structured clone', () => {
    fc.assert(fc.property(anyFrameToConsole, (message) => {
      expect(parseFrameToConsoleMessage(structuredClone(message))).toEqual(message);
    }));
  });

  it('parses every console → frame message back to itself after a structured clone', () => {
    fc.assert(fc.property(anyConsoleToFrame, (message) => {
      expect(parseConsoleToFrameMessage(structuredClone(message))).toEqual(message);
    }));
  });

  it('keeps only the declared payload fields', () => {
    const withExtra = { ...frameToConsoleMessage('ready', { account: 's_1001' }), payload: { account: 's_1001', html: '<img>' } };
    expect(parseFrameToConsoleMessage(withExtra)).toEqual(frameToConsoleMessage('ready', { account: 's_1001' }));
  });
});

describe('frame protocol: refusals', () => {
  it('refuses a message with any payload field of the wrong kind or missing', () => {
    fc.assert(fc.property(anyFrameToConsole.chain(withBrokenField), (broken) => {
      expect(parseFrameToConsoleMessage(broken)).toBeNull();
    }));
    fc.assert(fc.property(anyConsoleToFrame.chain(withBrokenField), (broken) => {
      expect(parseConsoleToFrameMessage(broken)).toBeNull();
    }));
  });

  it("refuses each direction's messages in the other direction (the source tells them apart)", () => {
    fc.assert(fc.property(anyFrameToConsole, (message) => {
      expect(parseConsoleToFrameMessage(message)).toBeNull();
      expect(parseConsoleToFrameMessage({ ...message, source: CONSOLE_MESSAGE_SOURCE })).toBeNull();
    }));
    fc.assert(fc.property(anyConsoleToFrame, (message) => {
      expect(parseFrameToConsoleMessage(message)).toBeNull();
      expect(parseFrameToConsoleMessage({ ...message, source: FRAME_MESSAGE_SOURCE })).toBeNull();
    }));
  });

  it('refuses the rules of each field at their edges', () => {
    const frame = (type: string, payload: unknown) => parseFrameToConsoleMessage({ source: FRAME_MESSAGE_SOURCE, type, payload });
    const fromConsole = (type: string, payload: unknown) => parseConsoleToFrameMessage({ source: CONSOLE_MESSAGE_SOURCE, type, payload });
    expect(frame('unread', { total: -1 })).toBeNull();
    expect(frame('unread', { total: Number.POSITIVE_INFINITY })).toBeNull();
    expect(frame('tokenRequest', { requestId: '' })).toBeNull();
    expect(frame('tokenRequest', { requestId: 'x'.repeat(101) })).toBeNull();
    expect(frame('tokenRequest', { requestId: 'x'.repeat(100) })).not.toBeNull();
    expect(frame('newMessage', { text: 'hi' })).toBeNull();
    expect(fromConsole('language', { lang: '' })).toBeNull();
    expect(fromConsole('token', { requestId: 'r1', account: 's_1001', token: '' })).toBeNull();
    expect(fromConsole('openConversation', { account: 'a b' })).toBeNull();
    expect(fromConsole('openConversation', { account: 'x'.repeat(65) })).toBeNull();
    expect(fromConsole('openConversation', { account: 'x'.repeat(64) })).not.toBeNull();
    // Support desk: a quick reply is 1–500 characters, ids are positive integers, a list has at most 200.
    const reply = (action: unknown) => frame('quickReplyRequest', { requestId: 'r1', action });
    expect(reply({ kind: 'add', text: 'x'.repeat(500) })).not.toBeNull();
    expect(reply({ kind: 'add', text: 'x'.repeat(501) })).toBeNull();
    expect(reply({ kind: 'add', text: '' })).toBeNull();
    expect(reply({ kind: 'edit', replyId: 0, text: 'x' })).toBeNull();
    expect(reply({ kind: 'move', replyId: 1, toIndex: 1.5 })).toBeNull();
    expect(reply({ kind: 'delete', replyId: 1.5 })).toBeNull();
    expect(reply({ kind: 'drop', replyId: 1 })).toBeNull();
    const list = (count: number) => Array.from({ length: count }, (_, i) => ({ replyId: i + 1, text: 'x' }));
    expect(fromConsole('quickReplies', { requestId: 'r1', list: list(200) })).not.toBeNull();
    expect(fromConsole('quickReplies', { requestId: 'r1', list: list(201) })).toBeNull();
    const order = { orderId: 1, orderNo: 'N1', status: 1, amountCents: 100, createTime: 1, itemCount: 1, items: [] };
    expect(fromConsole('buyerOrders', { requestId: 'r1', storeId: 1001, account: 'c_demo1', list: [order] })).not.toBeNull();
    expect(fromConsole('buyerOrders', { requestId: 'r1', storeId: 1001, account: 'c_demo1', list: [{ ...order, amountCents: 1.5 }] })).toBeNull();
    expect(fromConsole('buyerOrders', { requestId: 'r1', storeId: 1001, account: 'c_demo1', list: Array(11).fill(order) })).toBeNull();
    expect(frame('openOrder', { orderId: 0 })).toBeNull();
    expect(frame('buyerOrdersRequest', { requestId: 'r1', account: 'not an account' })).toBeNull();
  });

  it('refuses unknown types, including names on Object.prototype', () => {
    for (const type of ['other', 'constructor', '__proto__', 'toString', 'hasOwnProperty', '']) {
      expect(parseFrameToConsoleMessage({ source: FRAME_MESSAGE_SOURCE, type, payload: {} })).toBeNull();
      expect(parseConsoleToFrameMessage({ source: CONSOLE_MESSAGE_SOURCE, type, payload: {} })).toBeNull();
    }
  });

  it('never throws on anything a page can post, and returns only well-formed messages', () => {
    const posted = fc.oneof(
      fc.anything({ withNullPrototype: true, withObjectString: true, withMap: true, withSet: true, withDate: true, withTypedArray: true }),
      fc.record({ source: fc.constantFrom(FRAME_MESSAGE_SOURCE, CONSOLE_MESSAGE_SOURCE), type: fc.constantFrom(...FRAME_TO_CONSOLE_TYPES, ...CONSOLE_TO_FRAME_TYPES), payload: fc.anything() }),
    );
    fc.assert(
      fc.property(posted, (data) => {
        const fromFrame = parseFrameToConsoleMessage(data);
        const fromConsole = parseConsoleToFrameMessage(data);
        if (fromFrame) expect(parseFrameToConsoleMessage(structuredClone(fromFrame))).toEqual(fromFrame);
        if (fromConsole) expect(parseConsoleToFrameMessage(structuredClone(fromConsole))).toEqual(fromConsole);
      }),
      { numRuns: 500 },
    );
  });
});
