import { noticeText } from '../i18n/messages';
import { confirmPickerSelection, filterByChooseType, moveItem, type LibraryFile } from './selection';

const file = (id: number, name: string): LibraryFile => ({ fileId: id, objectName: name, objectUrl: `https://cdn/${name}` });
const img1 = file(1, 'a.png');
const img2 = file(2, 'b.JPG');
const img3 = file(3, 'c.webp');
const video = file(4, 'd.mp4');
const doc = file(5, 'e.pdf');

describe('picker type filters (§5)', () => {
  it('img keeps only images and warns', () => {
    const result = filterByChooseType([img1, video, doc], 'img');
    expect(result.value).toEqual([img1]);
    expect(noticeText(result.notice!, 'en-US')).toBe('only images can be selected');
  });
  it('video keeps only videos and warns', () => {
    const result = filterByChooseType([img1, video], 'video');
    expect(result.value).toEqual([video]);
    expect(noticeText(result.notice!, 'en-US')).toBe('only videos can be selected');
  });
  it('all accepts anything without a warning', () => {
    expect(filterByChooseType([img1, video, doc], 'all')).toEqual({ value: [img1, video, doc], notice: null });
  });
  it('does not warn when every row fits, and reads objectSuffix when present', () => {
    expect(filterByChooseType([img1, img2], 'img').notice).toBeNull();
    expect(filterByChooseType([{ ...doc, objectSuffix: 'gif' }], 'img').value).toHaveLength(1);
  });
});

describe('picker confirm (§4, §5)', () => {
  it('replaces the value in single mode', () => {
    expect(confirmPickerSelection([img1], [img2, img3], { multiple: false }).value).toEqual([img2]);
  });
  it('appends in multiple mode', () => {
    expect(confirmPickerSelection([img1], [img2], { multiple: true }).value).toEqual([img1, img2]);
  });
  it('cuts to the limit with the limit warning', () => {
    const result = confirmPickerSelection([img1], [img2, img3], { multiple: true, limit: 2 });
    expect(result.value).toEqual([img1, img2]);
    expect(noticeText(result.notice!, 'en-US')).toBe(
      'the number of selected images exceeds the limit, only 2 can be uploaded',
    );
  });
  it('applies the type filter before appending', () => {
    const result = confirmPickerSelection([], [video, img1], { multiple: true, chooseFileType: 'img' });
    expect(result.value).toEqual([img1]);
    expect(result.notice?.key).toBe('onlyImages');
  });
});

describe('moveItem (drag reordering)', () => {
  it('moves an item and ignores out-of-range moves', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });
});
