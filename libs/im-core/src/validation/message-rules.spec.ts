import fc from 'fast-check';
import { ImError } from '../errors';
import {
  normalizeMessageListQuery,
  normalizeSessionListQuery,
  validatePageLimit,
  validatePs,
  validateScene,
  validateSendText,
  validateSubType,
} from './message-rules';
import { DEFAULT_QUERY_LIMIT, MAX_PAGE_LIMIT } from './limits';

const paramError = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof ImError && error.errorName === 'Param_Error' && error.code === 414 ? error.message : `other: ${String(error)}`;
  }
  return 'no error';
};

describe('§5 message rules', () => {
  it('accepts only the scenes p2p, team and superTeam', () => {
    expect(['p2p', 'team', 'superTeam'].map(validateScene)).toEqual(['p2p', 'team', 'superTeam']);
    for (const bad of ['chatroom', 'P2P', '', 0, undefined]) expect(paramError(() => validateScene(bad))).toMatch(/scene must be one of/);
  });

  it('accepts a subType exactly when it is an integer above 0', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.double(), fc.constant(undefined), fc.string()), (value) => {
        const valid = value === undefined || (typeof value === 'number' && Number.isInteger(value) && value > 0);
        expect(paramError(() => validateSubType(value)) === 'no error').toBe(valid);
      }),
    );
  });

  it('limits ps to 5000 characters', () => {
    expect(validatePs('x'.repeat(5000))).toHaveLength(5000);
    expect(paramError(() => validatePs('x'.repeat(5001)))).toMatch(/ps must be/);
  });

  it('checks a text send request field by field', () => {
    expect(validateSendText({ scene: 'p2p', to: 'c_demo1', text: 'hi' })).toEqual({ scene: 'p2p', to: 'c_demo1', text: 'hi', subType: undefined, custom: undefined, ps: undefined });
    expect(paramError(() => validateSendText({ scene: 'p2p', to: '', text: 'hi' }))).toMatch(/^to must be/);
    expect(paramError(() => validateSendText({ scene: 'p2p', to: 'a', text: '   ' }))).toMatch(/^text must be/);
    expect(paramError(() => validateSendText({ scene: 'room' as never, to: 'a', text: 'x' }))).toMatch(/scene/);
    expect(paramError(() => validateSendText({ scene: 'team', to: 'a', text: 'x', subType: 0 }))).toMatch(/subType/);
  });

  it('§3 needMsgReceipt: an optional boolean, kept as given; anything else is refused', () => {
    expect(validateSendText({ scene: 'team', to: '42', text: 'x', needMsgReceipt: true }).needMsgReceipt).toBe(true);
    expect(validateSendText({ scene: 'team', to: '42', text: 'x', needMsgReceipt: false }).needMsgReceipt).toBe(false);
    expect(validateSendText({ scene: 'team', to: '42', text: 'x' }).needMsgReceipt).toBeUndefined();
    for (const bad of ['true', 1, null, {}]) {
      expect(paramError(() => validateSendText({ scene: 'team', to: '42', text: 'x', needMsgReceipt: bad as never }))).toBe('needMsgReceipt must be a boolean');
    }
  });
});

describe('§5 query defaults and page limits', () => {
  it('defaults to 100 rows, newest first', () => {
    expect(normalizeMessageListQuery({ sessionId: 'p2p-c_demo1' })).toEqual({ sessionId: 'p2p-c_demo1', limit: DEFAULT_QUERY_LIMIT, order: 'desc', beforeTime: undefined, types: undefined, keyword: undefined });
    expect(normalizeMessageListQuery({ sessionId: 'team-7', reverse: true, limit: 5 }).order).toBe('asc');
    expect(DEFAULT_QUERY_LIMIT).toBe(100);
  });

  it('refuses a page limit above 100 or below 1', () => {
    expect(validatePageLimit(MAX_PAGE_LIMIT)).toBe(100);
    expect(paramError(() => validatePageLimit(101))).toMatch(/limit must be an integer from 1 to 100/);
    expect(paramError(() => validatePageLimit(0))).toMatch(/limit/);
    expect(paramError(() => validatePageLimit(2.5))).toMatch(/limit/);
    expect(paramError(() => normalizeSessionListQuery({ limit: 500 }))).toMatch(/limit/);
  });

  it('needs a well-formed session id', () => {
    expect(paramError(() => normalizeMessageListQuery({ sessionId: 'c_demo1' }))).toMatch(/sessionId must be <scene>-<target>/);
  });

  it('lists sessions without deleted ones unless asked', () => {
    expect(normalizeSessionListQuery()).toEqual({ limit: 100, includeDeleted: false });
    expect(normalizeSessionListQuery({ includeDeleted: true, limit: 3 })).toEqual({ limit: 3, includeDeleted: true });
  });
});
