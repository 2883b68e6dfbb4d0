import { isMediaQuery } from './media-routes';

describe('isMediaQuery (which GETs the media code answers instead of the bytes)', () => {
  it.each([
    ['imageInfo', true],
    ['vinfo', true],
    ['imageView&quality=80', true],
    ['token=abc&imageInfo', true],
    ['token=abc&imageView&rotate=90', true],
    ['', false],
    ['token=abc', false],
    ['download=photo.png', false],
    ['uploadContext&context=x', false],
    ['imageInfoX', false],
  ])('%p → %p (a private object’s token= may come first)', (query, media) => {
    expect(isMediaQuery(query)).toBe(media);
  });
});
