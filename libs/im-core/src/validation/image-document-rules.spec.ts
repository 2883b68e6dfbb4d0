import { ImError, ImErrorName } from '../errors';
import { checkDocId, documentListLimit, documentTypeOf, transcodeType } from './document-rules';
import { checkImageOperation, imageOperationsQuery, isSyncThumbnail, parseImageOperations, processedImageUrl, type ImageOperation } from './image-rules';

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof ImError && error.errorName === ImErrorName.Param_Error) return error.message;
    throw error;
  }
  throw new Error('expected a Param_Error');
}

describe('image operations (im-client-spec §5 "Image processing")', () => {
  it.each<[ImageOperation, string]>([
    [{ type: 'quality', quality: -1 }, 'quality must be a number from 0 to 100'],
    [{ type: 'quality', quality: 101 }, 'quality must be a number from 0 to 100'],
    [{ type: 'quality', quality: '80' as unknown as number }, 'quality must be a number from 0 to 100'],
    [{ type: 'blur', radius: 0, sigma: 1 }, 'blur radius must be a number from 1 to 50'],
    [{ type: 'blur', radius: 51, sigma: 1 }, 'blur radius must be a number from 1 to 50'],
    [{ type: 'blur', radius: 5, sigma: -0.1 }, 'blur sigma must be a number of at least 0'],
    [{ type: 'crop', x: -1, y: 0, width: 10, height: 10 }, 'crop x must be a number of at least 0'],
    [{ type: 'crop', x: 0, y: 0, width: Number.NaN, height: 10 }, 'crop width must be a number of at least 0'],
    [{ type: 'rotate', angle: '90' as unknown as number }, 'rotate angle must be a number'],
    [{ type: 'thumbnail', mode: 'fill' as 'cover', width: 10, height: 10 }, 'thumbnail mode must be one of cover, contain, crop'],
    [{ type: 'thumbnail', mode: 'contain' }, 'a contain thumbnail needs a width or a height'],
    [{ type: 'thumbnail', mode: 'cover', width: 100 }, 'a cover thumbnail needs both width and height'],
    [{ type: 'thumbnail', mode: 'crop', height: 100 }, 'a crop thumbnail needs both width and height'],
    [{ type: 'thumbnail', mode: 'crop', width: 100, height: 100, axis: { x: 11 } }, 'crop axis x must be a number from 0 to 10'],
    [{ type: 'thumbnail', mode: 'crop', width: 100, height: 100, axis: { y: -1 } }, 'crop axis y must be a number from 0 to 10'],
    [{ type: 'sharpen' } as unknown as ImageOperation, 'image operation type must be one of stripmeta, quality, blur, crop, rotate, thumbnail, interlace'],
  ])('refuses %j: %p', (operation, message) => {
    expect(messageOf(() => checkImageOperation(operation))).toBe(message);
  });

  it.each([
    [0, 0],
    [90, 90],
    [360, 0],
    [450, 90],
    [-90, 270],
    [-720, 0],
  ])('normalises a rotation of %p to %p (modulo 360)', (angle, normalised) => {
    expect(checkImageOperation({ type: 'rotate', angle })).toEqual({ type: 'rotate', angle: normalised });
  });

  it('accepts the limits themselves and gives the crop axis its default 5', () => {
    expect(checkImageOperation({ type: 'quality', quality: 0 })).toEqual({ type: 'quality', quality: 0 });
    expect(checkImageOperation({ type: 'blur', radius: 50, sigma: 0 })).toEqual({ type: 'blur', radius: 50, sigma: 0 });
    expect(checkImageOperation({ type: 'thumbnail', mode: 'contain', height: 80 })).toEqual({ type: 'thumbnail', mode: 'contain', width: undefined, height: 80 });
    expect(checkImageOperation({ type: 'thumbnail', mode: 'crop', width: 100, height: 50 })).toEqual({ type: 'thumbnail', mode: 'crop', width: 100, height: 50, axis: { x: 5, y: 5 } });
    expect(checkImageOperation({ type: 'thumbnail', mode: 'crop', width: 100, height: 50, axis: { x: 0, y: 10 } })).toMatchObject({ axis: { x: 0, y: 10 } });
  });

  it('writes the operations as the object store query, in order, with the §9 thumbnail codes (cover z, contain x, crop y)', () => {
    const query = imageOperationsQuery([
      { type: 'stripmeta' },
      { type: 'thumbnail', mode: 'crop', width: 200, height: 100, axis: { x: 2 } },
      { type: 'rotate', angle: -90 },
      { type: 'quality', quality: 85 },
      { type: 'blur', radius: 3, sigma: 1.5 },
      { type: 'crop', x: 1, y: 2, width: 30, height: 40 },
      { type: 'interlace' },
    ]);
    expect(query).toBe('imageView&stripmeta=1&thumbnail=200y100&axis=2_5&rotate=270&quality=85&blur=3x1.5&crop=1_2_30_40&interlace=1');
    expect(imageOperationsQuery([{ type: 'thumbnail', mode: 'cover', width: 64, height: 64 }])).toBe('imageView&thumbnail=64z64');
    expect(imageOperationsQuery([{ type: 'thumbnail', mode: 'contain', width: 64 }])).toBe('imageView&thumbnail=64x0');
    expect(processedImageUrl('https://nos.example/b/p.png?token=t', [{ type: 'quality', quality: 10 }])).toBe('https://nos.example/b/p.png?token=t&imageView&quality=10');
    expect(messageOf(() => imageOperationsQuery([]))).toBe('at least one image operation is required');
    expect(messageOf(() => processedImageUrl('file:///etc/passwd', [{ type: 'quality', quality: 10 }]))).toBe('url must be an http(s) address');
  });

  it.each([
    [100, 100, true],
    [0, 100, true],
    [100, undefined, true],
    [4095, 4095, true],
    [4096, 100, false],
    [100, 4096, false],
    [0, 0, false],
    [undefined, undefined, false],
  ])('a %p×%p thumbnail is synchronous: %p (both below 4096, one above 0)', (width, height, sync) => {
    expect(isSyncThumbnail(width, height)).toBe(sync);
  });
});

describe('documents (§5 "Files", §9)', () => {
  it.each([
    ['deck.ppt', 1],
    ['deck.PPTX', 2],
    ['contract.pdf', 3],
    ['letter.doc', 6],
    ['letter.docx', 7],
  ])('converts %p as document type %p', (name, type) => {
    expect(documentTypeOf({ name })).toBe(type);
  });

  it.each(['photo.png', 'sheet.xlsx', 'pdf', 'notes.txt'])('refuses %p: "please upload a file of correct format [ppt, pptx, pdf, doc, docx]"', (name) => {
    expect(messageOf(() => documentTypeOf({ name }))).toBe('please upload a file of correct format [ppt, pptx, pdf, doc, docx]');
  });

  it.each([undefined, null, {}, { name: '' }])('refuses the file node %p: "please upload a correct file node"', (node) => {
    expect(messageOf(() => documentTypeOf(node as { name?: string }))).toBe('please upload a correct file node');
  });

  it('lists 10 documents by default, at most 30; above 30 the error ends "document count exceeds limit: 30"', () => {
    expect(documentListLimit(undefined)).toBe(10);
    expect(documentListLimit(30)).toBe(30);
    const message = messageOf(() => documentListLimit(31));
    expect(message.endsWith('document count exceeds limit: 30')).toBe(true);
    expect(messageOf(() => documentListLimit(0))).toBe('limit must be a positive integer');
    expect(messageOf(() => documentListLimit(2.5))).toBe('limit must be a positive integer');
  });

  it('transcodes to type 11 for png, otherwise 10; fetchFile and removeFile need a docId', () => {
    expect(transcodeType('png')).toBe(11);
    expect(transcodeType('jpg')).toBe(10);
    expect(transcodeType(undefined)).toBe(10);
    expect(checkDocId('doc-1')).toBe('doc-1');
    expect(messageOf(() => checkDocId(' '))).toBe('docId must be a non-empty string');
  });
});

describe('reading the image query back (what im-server serves for ?imageView)', () => {
  it('reads every operation back, in order, as the writer wrote it (round trip)', () => {
    const operations: ImageOperation[] = [
      { type: 'stripmeta' },
      { type: 'thumbnail', mode: 'crop', width: 200, height: 100, axis: { x: 2 } },
      { type: 'rotate', angle: -90 },
      { type: 'quality', quality: 85 },
      { type: 'blur', radius: 3, sigma: 1.5 },
      { type: 'crop', x: 1, y: 2, width: 30, height: 40 },
      { type: 'thumbnail', mode: 'contain', width: 64 },
      { type: 'thumbnail', mode: 'cover', width: 10, height: 20 },
      { type: 'interlace', interlace: false },
    ];
    expect(parseImageOperations(imageOperationsQuery(operations))).toEqual(operations.map(checkImageOperation));
    expect(parseImageOperations('imageView&thumbnail=50y50')).toEqual([{ type: 'thumbnail', mode: 'crop', width: 50, height: 50, axis: { x: 5, y: 5 } }]);
    expect(parseImageOperations('imageView=&rotate=-450')).toEqual([{ type: 'rotate', angle: 270 }]);
  });

  it.each([
    ['', 'the image query must start with imageView'],
    ['quality=5', 'the image query must start with imageView'],
    ['imageView', 'at least one image operation is required'],
    ['imageView&sharpen=1', 'unknown image operation sharpen (expected stripmeta, quality, blur, crop, rotate, thumbnail, interlace or axis)'],
    ['imageView&quality=abc', 'quality must be a number from 0 to 100'],
    ['imageView&quality=', 'quality must be a number from 0 to 100'],
    ['imageView&quality=101', 'quality must be a number from 0 to 100'],
    ['imageView&quality=1e2', 'quality must be a number from 0 to 100'],
    ['imageView&stripmeta=yes', 'stripmeta must be 0 or 1'],
    ['imageView&interlace', 'interlace must be 0 or 1'],
    ['imageView&blur=3', 'blur must be written radiusxsigma, e.g. blur=3x1.5'],
    ['imageView&blur=0x1', 'blur radius must be a number from 1 to 50'],
    ['imageView&blur=3x-1', 'blur sigma must be a number of at least 0'],
    ['imageView&crop=1_2_3', 'crop must be written x_y_width_height, e.g. crop=1_2_30_40'],
    ['imageView&crop=-1_2_3_4', 'crop x must be a number of at least 0'],
    ['imageView&rotate=ninety', 'rotate angle must be a number'],
    ['imageView&thumbnail=200q100', 'thumbnail must be written width, mode code (z cover, x contain, y crop), height, e.g. thumbnail=200y100'],
    ['imageView&thumbnail=0x0', 'a contain thumbnail needs a width or a height'],
    ['imageView&thumbnail=200z0', 'a cover thumbnail needs both width and height'],
    ['imageView&thumbnail=200zz0', 'thumbnail must be written width, mode code (z cover, x contain, y crop), height, e.g. thumbnail=200y100'],
    ['imageView&axis=2_5', 'axis must follow a crop thumbnail (thumbnail=…y…)'],
    ['imageView&thumbnail=20z20&axis=2_5', 'axis must follow a crop thumbnail (thumbnail=…y…)'],
    ['imageView&thumbnail=20y20&axis=2', 'axis must be written x_y, e.g. axis=2_5'],
    ['imageView&thumbnail=20y20&axis=11_5', 'crop axis x must be a number from 0 to 10'],
    ['imageView&quality=%E0%A4%A', 'the image query is not well-formed'],
    ['imageView' + '&rotate=90'.repeat(17), 'at most 16 image operations'],
  ])('refuses %p: %p', (query, message) => {
    expect(messageOf(() => parseImageOperations(query))).toBe(message);
  });
});
