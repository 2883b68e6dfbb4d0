import { pathOfNulText } from './nul-text';

describe('pathOfNulText', () => {
  it('names the first string holding U+0000, however deep', () => {
    expect(pathOfNulText({ msg: { idClient: 'c-1', text: 'a\u0000b' } })).toBe('msg.text');
    expect(pathOfNulText({ accounts: ['ok', 'b\u0000'] })).toBe('accounts[1]');
    expect(pathOfNulText({ team: { name: 'T', custom: { ['k\u0000']: 'v' } } })).toBe('team.custom.k\u0000');
    expect(pathOfNulText('\u0000')).toBe('(body)');
  });

  it('passes bodies without one, bytes and the escaped spelling included', () => {
    expect(pathOfNulText({ msg: { text: 'plain', content: '{"x":"\\u0000"}', n: 0, flag: true, none: null } })).toBeUndefined();
    expect(pathOfNulText({ chunk: new Uint8Array([0, 0, 0]) })).toBeUndefined();
    expect(pathOfNulText({})).toBeUndefined();
  });
});
