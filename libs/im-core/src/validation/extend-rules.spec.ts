import {
  collectAddProblem,
  collectDeleteProblem,
  collectQueryProblem,
  collectUpdateProblem,
  eventAccountsProblem,
  eventPublishProblem,
  eventSubscribeTimeProblem,
  eventValidTimeProblem,
  msgPinProblem,
  quickCommentLookupProblem,
  quickCommentProblem,
  validateEventSubscribeTime,
  validateEventValidTime,
} from './extend-rules';

const msg = { idServer: '42' };
const msgs = (n: number) => Array.from({ length: n }, (_, i) => ({ idServer: String(i + 1) }));
const collects = (n: number) => Array.from({ length: n }, (_, i) => ({ id: String(i + 1) }));

describe('msgExtend rules (im-client-spec §5 "Other limits on calls")', () => {
  describe('quick comment: body must be an integer', () => {
    it.each([
      ['a string body', { body: '1' }],
      ['a fractional body', { body: 1.5 }],
      ['no body', {}],
      ['NaN', { body: Number.NaN }],
    ])('refuses %s with "body can only be an integer"', (_, comment) => {
      expect(quickCommentProblem(msg, comment)).toBe('body can only be an integer');
    });
    it('accepts an integer body (also 0 and negatives) on an answered message', () => {
      expect(quickCommentProblem(msg, { body: 0 })).toBeUndefined();
      expect(quickCommentProblem(msg, { body: -3, custom: 'x' })).toBeUndefined();
    });
    it('needs the idServer of the message', () => {
      expect(quickCommentProblem({ idClient: 'a' }, { body: 1 })).toBe('msg needs the idServer of a message the server has answered');
    });
  });

  describe('quick comment lookup: 1 to 20 messages', () => {
    it.each([
      ['none', []],
      ['21', msgs(21)],
      ['not a list', 'x'],
    ])('refuses %s', (_, list) => {
      expect(quickCommentLookupProblem(list)).toBe('quick comments can be looked up for 1 to 20 messages');
    });
    it('accepts 1 and 20', () => {
      expect(quickCommentLookupProblem(msgs(1))).toBeUndefined();
      expect(quickCommentLookupProblem(msgs(20))).toBeUndefined();
    });
  });

  describe('collects', () => {
    it('type must be an integer', () => {
      expect(collectAddProblem({ type: '1', data: 'd' })).toBe('type must be an integer');
      expect(collectAddProblem({ type: 1.2, data: 'd' })).toBe('type must be an integer');
      expect(collectAddProblem({ type: 1, data: 'd' })).toBeUndefined();
    });
    it('data is required', () => {
      expect(collectAddProblem({ type: 1, data: '' })).toBe('data must be 1 to 20000 characters');
    });
    it('update needs the collect id', () => {
      expect(collectUpdateProblem({ custom: 'x' })).toBe('collect id must be an id the server gave');
      expect(collectUpdateProblem({ id: '3', custom: 'x' })).toBeUndefined();
    });
    it('delete takes 1 to 100 collects', () => {
      expect(collectDeleteProblem([])).toBe('collect delete takes 1 to 100 collects');
      expect(collectDeleteProblem(collects(101))).toBe('collect delete takes 1 to 100 collects');
      expect(collectDeleteProblem(collects(100))).toBeUndefined();
      expect(collectDeleteProblem([{ id: '1'.repeat(16) }])).toBe('collect id must be an id the server gave');
      expect(collectDeleteProblem([{ id: '' }])).toBe('collect id must be an id the server gave');
    });
    it('query limit at most 100, begin time not after end time', () => {
      expect(collectQueryProblem({ limit: 101 })).toBe('limit must be 1 to 100');
      expect(collectQueryProblem({ limit: 0 })).toBe('limit must be 1 to 100');
      expect(collectQueryProblem({ beginTime: 2000, endTime: 1000 })).toBe('beginTime must not be after endTime');
      expect(collectQueryProblem({ beginTime: 1000, endTime: 1000, limit: 100 })).toBeUndefined();
      expect(collectQueryProblem({ type: 'a' })).toBe('type must be an integer');
      expect(collectQueryProblem({ lastId: '1'.repeat(16) })).toBe('lastId must be a collect id the server gave');
    });
  });

  it('a pin names an answered message', () => {
    expect(msgPinProblem({ msg: {} })).toBe('msg needs the idServer of a message the server has answered');
    expect(msgPinProblem({ msg, pinCustom: 'c'.repeat(1025) })).toBe('pinCustom must be a string of at most 1024 characters');
    expect(msgPinProblem({ msg, pinCustom: 'note' })).toBeUndefined();
  });
});

describe('event rules (im-client-spec §5 event validity and subscribe time)', () => {
  it('validity 60 to 604800 s, default 604800', () => {
    expect(eventValidTimeProblem(59)).toBe('validTime must be 60 to 604800 seconds');
    expect(eventValidTimeProblem(604801)).toBe('validTime must be 60 to 604800 seconds');
    expect(eventValidTimeProblem(60)).toBeUndefined();
    expect(eventValidTimeProblem(604800)).toBeUndefined();
    expect(eventValidTimeProblem(60.5)).toBe('validTime must be 60 to 604800 seconds');
    expect(validateEventValidTime(undefined)).toBe(604800);
    expect(validateEventValidTime(60)).toBe(60);
    expect(() => validateEventValidTime(1)).toThrow(expect.objectContaining({ code: 414, message: 'validTime must be 60 to 604800 seconds' }));
  });
  it('subscribe time 60 to 2592000 s, default 2592000', () => {
    expect(eventSubscribeTimeProblem(59)).toBe('subscribeTime must be 60 to 2592000 seconds');
    expect(eventSubscribeTimeProblem(2592001)).toBe('subscribeTime must be 60 to 2592000 seconds');
    expect(eventSubscribeTimeProblem(2592000)).toBeUndefined();
    expect(eventSubscribeTimeProblem(60)).toBeUndefined();
    expect(validateEventSubscribeTime(undefined)).toBe(2592000);
    expect(validateEventSubscribeTime(60)).toBe(60);
    expect(() => validateEventSubscribeTime(2592001)).toThrow(expect.objectContaining({ code: 414, message: 'subscribeTime must be 60 to 2592000 seconds' }));
  });
});

describe('event publish and subscription input', () => {
  it('publish: type and value integers, validity in range', () => {
    expect(eventPublishProblem({ type: 'a', value: 1 })).toBe('event type must be a non-negative integer');
    expect(eventPublishProblem({ type: 100001, value: 1.5 })).toBe('event value must be an integer');
    expect(eventPublishProblem({ type: 100001, value: 1, validTime: 30 })).toBe('validTime must be 60 to 604800 seconds');
    expect(eventPublishProblem({ type: 100001, value: 1 })).toBeUndefined();
  });
  it('subscribe/unsubscribe/query: 1 to 100 accounts', () => {
    expect(eventAccountsProblem(1, [])).toBe('accounts must name 1 to 100 accounts');
    expect(eventAccountsProblem(1, Array.from({ length: 101 }, (_, i) => `a${i}`))).toBe('accounts must name 1 to 100 accounts');
    expect(eventAccountsProblem(1, [''])).toBe('accounts must be account ids');
    expect(eventAccountsProblem(undefined, ['a'])).toBe('event type must be a non-negative integer');
    expect(eventAccountsProblem(1, ['a'])).toBeUndefined();
  });
});
