import { byteRangeOf } from './upload-routes';

// Range headers on downloads (docs/im-upload.md "Server", Downloads): one range served, anything else whole.
describe('byteRangeOf', () => {
  it.each([
    ['bytes=0-9', 100, { start: 0, end: 9 }],
    ['bytes=90-', 100, { start: 90, end: 99 }],
    ['bytes=-10', 100, { start: 90, end: 99 }],
    ['bytes=-1000', 100, { start: 0, end: 99 }],
    ['bytes=95-1000', 100, { start: 95, end: 99 }],
    ['bytes=100-', 100, 'unsatisfiable'],
    ['bytes=-0', 100, 'unsatisfiable'],
    ['bytes=5-3', 100, undefined],
    ['bytes=0-1,5-6', 100, undefined],
    ['bytes=-', 100, undefined],
    ['items=0-9', 100, undefined],
    ['bytes=a-b', 100, undefined],
    [undefined, 100, undefined],
  ])('%s of %i bytes → %j', (header, size, expected) => {
    expect(byteRangeOf(header, size)).toEqual(expected);
  });
});
