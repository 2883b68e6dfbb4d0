import { ImError } from '../errors';
import { parseImageOperations } from '../validation/image-rules';
import { imageInfoUrl, processImageUrl, videoInfoUrl } from './media-urls';

describe('media addresses (§7 ?imageInfo, ?vinfo; §5 image operations)', () => {
  it('appends ?imageInfo and ?vinfo, or &… when the URL already has a query (a private object’s token)', () => {
    expect(imageInfoUrl('https://nos.example/b/p.png')).toBe('https://nos.example/b/p.png?imageInfo');
    expect(videoInfoUrl('http://127.0.0.1:9/b/v.mp4?token=t')).toBe('http://127.0.0.1:9/b/v.mp4?token=t&vinfo');
  });

  it('writes the operations in order with the image-rules writer, and the server parser reads back the same', () => {
    const url = processImageUrl('https://nos.example/b/p.png', [{ type: 'thumbnail', mode: 'crop', width: 64, height: 64, axis: { x: 0 } }, { type: 'rotate', angle: -90 }, { type: 'quality', quality: 80 }]);
    expect(url).toBe('https://nos.example/b/p.png?imageView&thumbnail=64y64&axis=0_5&rotate=270&quality=80');
    expect(parseImageOperations(url.split('?')[1])).toEqual([
      { type: 'thumbnail', mode: 'crop', width: 64, height: 64, axis: { x: 0, y: 5 } },
      { type: 'rotate', angle: 270 },
      { type: 'quality', quality: 80 },
    ]);
  });

  it.each([
    [() => imageInfoUrl('file:///etc/passwd'), 'url must be an http(s) address'],
    [() => videoInfoUrl(42 as unknown as string), 'url must be an http(s) address'],
    [() => processImageUrl('https://nos.example/p.png', []), 'at least one image operation is required'],
    [() => processImageUrl('https://nos.example/p.png', [{ type: 'quality', quality: 120 }]), 'quality must be a number from 0 to 100'],
  ])('refuses bad input with a Param_Error (%#)', (run, message) => {
    expect(run).toThrow(ImError);
    expect(run).toThrow(message);
  });
});
