import type { LibraryFile } from '@merchant/media-library';
import { GOODS_DETAIL_TYPE, GOODS_LIMITS, goodsDraftBiz, goodsSubmitBiz } from './contract';
import { detailHtmlFromText, detailTextFromHtml, paragraphsFromDetailHtml } from './detailText';
import { goodsReleaseMessages } from './messages';
import { EMPTY_RELEASE_FORM, releaseSubmitSchema, toDraftBiz, toSubmitBiz, type PickedVideo, type ReleaseFormValues } from './releaseSchema';

const image = (id: number, suffix = 'png'): LibraryFile => ({ fileId: id, objectName: `img-${id}.${suffix}`, objectUrl: `http://store/objects/get?key=s/img-${id}.${suffix}`, objectSuffix: suffix });
const video = (over: Partial<PickedVideo> = {}): PickedVideo => ({
  fileId: 30,
  objectName: 'clip.mp4',
  objectUrl: 'http://store/objects/get?key=s/clip.mp4',
  objectSuffix: 'mp4',
  size: 5 * 1024 * 1024,
  duration: 30,
  ...over,
});

function valid(): ReleaseFormValues {
  return {
    ...EMPTY_RELEASE_FORM,
    categoryId: 11,
    brandName: ' Acme ',
    title: ' Porcelain tile ',
    unitId: '3',
    specs: [
      { specName: 'Size', values: ['300x300', '600x600'] },
      { specName: 'Finish', values: ['matte'] },
      { specName: 'Edge', values: [] },
    ],
    skus: [
      { specValues: ['300x300', 'matte'], price: '12.5', stock: '100' },
      { specValues: ['600x600', 'matte'], price: '30', stock: '0', skuId: 41, skuCode: 'T-600', warningStock: 5 },
    ],
    images: [image(1), image(2)],
    video: null,
    detailMode: 'text',
    detailText: 'First <b>line</b>\nsame paragraph\n\n\nSecond & last',
    freightTemplateId: 1,
    afterSaleTemplateId: null,
  };
}

/** The messages of the failed check, by field path. */
function failures(values: ReleaseFormValues): Record<string, string[]> {
  const result = releaseSubmitSchema.safeParse(values);
  if (result.success) return {};
  const byPath: Record<string, string[]> = {};
  for (const issue of result.error.issues) (byPath[issue.path.join('.')] ??= []).push(issue.message);
  return byPath;
}

const V = 'goodsRelease.validation.';

describe('the release form rules', () => {
  it('accepts a complete form', () => {
    expect(failures(valid())).toEqual({});
  });

  it.each<[string, (v: ReleaseFormValues) => ReleaseFormValues, string, string]>([
    ['no category', (v) => ({ ...v, categoryId: null }), 'categoryId', 'categoryRequired'],
    ['a blank brand', (v) => ({ ...v, brandName: '   ' }), 'brandName', 'brandRequired'],
    ['a long brand', (v) => ({ ...v, brandName: 'b'.repeat(GOODS_LIMITS.brandMax + 1) }), 'brandName', 'brandMax'],
    ['a blank title', (v) => ({ ...v, title: '  ' }), 'title', 'titleRequired'],
    ['a long title', (v) => ({ ...v, title: 't'.repeat(GOODS_LIMITS.titleMax + 1) }), 'title', 'titleMax'],
    ['no unit', (v) => ({ ...v, unitId: '' }), 'unitId', 'unitRequired'],
    ['no SKU', (v) => ({ ...v, skus: [] }), 'skus', 'skusRequired'],
    ['a missing price', (v) => ({ ...v, skus: [{ ...v.skus[0]!, price: '' }, v.skus[1]!] }), 'skus.0.price', 'priceRequired'],
    ['a zero price', (v) => ({ ...v, skus: [{ ...v.skus[0]!, price: '0.00' }, v.skus[1]!] }), 'skus.0.price', 'priceMin'],
    ['a price over the limit', (v) => ({ ...v, skus: [v.skus[0]!, { ...v.skus[1]!, price: '1000000' }] }), 'skus.1.price', 'priceMax'],
    ['a missing stock', (v) => ({ ...v, skus: [{ ...v.skus[0]!, stock: '' }, v.skus[1]!] }), 'skus.0.stock', 'stockRequired'],
    ['a fractional stock', (v) => ({ ...v, skus: [{ ...v.skus[0]!, stock: '1.5' }, v.skus[1]!] }), 'skus.0.stock', 'stockInteger'],
    ['a stock over the limit', (v) => ({ ...v, skus: [{ ...v.skus[0]!, stock: String(GOODS_LIMITS.stockMax + 1) }, v.skus[1]!] }), 'skus.0.stock', 'stockMax'],
    ['no image', (v) => ({ ...v, images: [] }), 'images', 'imagesRequired'],
    ['too many images', (v) => ({ ...v, images: Array.from({ length: GOODS_LIMITS.imagesMax + 1 }, (_, i) => image(i + 1)) }), 'images', 'imagesMax'],
    ['a video among the images', (v) => ({ ...v, images: [image(1), image(2, 'mp4')] }), 'images', 'imagesOnly'],
    ['an empty text detail', (v) => ({ ...v, detailText: ' \n\n ' }), 'detailText', 'detailTextRequired'],
    ['an over-long text detail', (v) => ({ ...v, detailText: '<'.repeat(GOODS_LIMITS.detailHtmlMax / 4 + 1) }), 'detailText', 'detailTextMax'],
    ['an image detail without images', (v) => ({ ...v, detailMode: 'images', detailImages: [] }), 'detailImages', 'detailImagesRequired'],
    ['too many detail images', (v) => ({ ...v, detailMode: 'images', detailImages: Array.from({ length: GOODS_LIMITS.detailImagesMax + 1 }, (_, i) => image(i + 1)) }), 'detailImages', 'detailImagesMax'],
    ['a video among the detail images', (v) => ({ ...v, detailMode: 'images', detailImages: [image(3, 'mov')] }), 'detailImages', 'imagesOnly'],
    ['no freight template', (v) => ({ ...v, freightTemplateId: null }), 'freightTemplateId', 'freightRequired'],
    ['a video over 30MB', (v) => ({ ...v, video: video({ size: GOODS_LIMITS.videoMaxBytes + 1 }) }), 'video', 'videoRules'],
    ['a video under 6 seconds', (v) => ({ ...v, video: video({ duration: 5.9 }) }), 'video', 'videoRules'],
    ['a video over 120 seconds', (v) => ({ ...v, video: video({ duration: 120.5 }) }), 'video', 'videoRules'],
    [
      'more specs than allowed',
      (v) => ({ ...v, specs: ['A', 'B', 'C', 'D'].map((specName) => ({ specName, values: ['x'] })), skus: [{ specValues: ['x', 'x', 'x', 'x'], price: '1', stock: '1' }] }),
      'specs',
      'specsMax',
    ],
    [
      'more combinations than SKUs allowed',
      (v) => ({ ...v, specs: ['A', 'B'].map((specName) => ({ specName, values: Array.from({ length: 15 }, (_, i) => `${specName}${i}`) })) }),
      'skus',
      'skusMax',
    ],
  ])('refuses %s with its message', (_case, change, path, key) => {
    expect(failures(change(valid()))[path]).toContain(`${V}${key}`);
  });

  it('accepts the §5 video bounds inclusive: 6 s, 120 s, exactly 30MB', () => {
    expect(failures({ ...valid(), video: video({ duration: 6, size: GOODS_LIMITS.videoMaxBytes }) })).toEqual({});
    expect(failures({ ...valid(), video: video({ duration: 120 }) })).toEqual({});
  });

  it('has a zh-CN and an en-US text for every validation key it uses', () => {
    const keys = new Set(
      [
        'categoryRequired', 'brandRequired', 'brandMax', 'titleRequired', 'titleMax', 'unitRequired', 'skusRequired', 'priceRequired', 'priceMin',
        'priceMax', 'stockRequired', 'stockInteger', 'stockMax', 'imagesRequired', 'imagesMax', 'imagesOnly', 'detailTextRequired', 'detailTextMax',
        'detailImagesRequired', 'detailImagesMax', 'freightRequired', 'videoRules', 'specsMax', 'skusMax', 'specTwice', 'skuSpecValues', 'skuTwin',
        'contractRule',
      ],
    );
    for (const language of ['zh-CN', 'en-US'] as const) {
      const texts = goodsReleaseMessages[language].goodsRelease.validation as Record<string, string>;
      for (const key of keys) expect([language, key, typeof texts[key]]).toEqual([language, key, 'string']);
    }
  });

  it("shows a contract rule the client rules miss on its field, as one of the form's own message keys", () => {
    // Two SKU rows with the same values: only the contract's cross-field rule sees it.
    const values = valid();
    const twin = { ...values, skus: [values.skus[0]!, { ...values.skus[0]! }] };
    const failed = failures(twin);
    expect(failed['skus.1.specValues']).toEqual([`${V}skuTwin`]);
    expect(failed.root).toBeUndefined();
  });

  it("never words an error in the contract's English: a zero price and a stock over the limit keep the field messages only", () => {
    // The audit's case: price 0, stock 99999999999, no image, no detail.
    const values = valid();
    const failed = failures({ ...values, skus: [{ ...values.skus[0]!, price: '0', stock: '99999999999' }, values.skus[1]!], images: [], detailText: '' });
    expect(failed.root).toBeUndefined();
    expect(failed['skus.0.price']![0]).toBe(`${V}priceMin`);
    expect(failed['skus.0.stock']![0]).toBe(`${V}stockMax`);
    expect(failed.images![0]).toBe(`${V}imagesRequired`);
    expect(failed.detailText![0]).toBe(`${V}detailTextRequired`);
    for (const messages of Object.values(failed)) for (const message of messages) expect(message.startsWith(V)).toBe(true);
  });
});

describe('toSubmitBiz', () => {
  it('builds the contract biz: cents, integers, spec maps, trimmed text, escaped paragraphs, file ids', () => {
    const biz = toSubmitBiz({ ...valid(), video: video(), afterSaleTemplateId: 2 }, 9);
    expect(biz).toEqual({
      goodsId: 9,
      categoryId: 11,
      brandName: 'Acme',
      title: 'Porcelain tile',
      unitId: 3,
      specList: [
        { specName: 'Size', values: ['300x300', '600x600'] },
        { specName: 'Finish', values: ['matte'] },
      ],
      skus: [
        { specValues: { Size: '300x300', Finish: 'matte' }, skuCode: '', price: 1250, stock: 100, warningStock: null },
        { skuId: 41, specValues: { Size: '600x600', Finish: 'matte' }, skuCode: 'T-600', price: 3000, stock: 0, warningStock: 5 },
      ],
      images: [
        { fileId: 1, objectUrl: 'http://store/objects/get?key=s/img-1.png' },
        { fileId: 2, objectUrl: 'http://store/objects/get?key=s/img-2.png' },
      ],
      video: { fileId: 30, objectUrl: 'http://store/objects/get?key=s/clip.mp4', objectSuffix: 'mp4', size: 5 * 1024 * 1024, duration: 30 },
      detailType: GOODS_DETAIL_TYPE.richText,
      detailHtml: '<p>First &lt;b&gt;line&lt;/b&gt;<br>same paragraph</p><p>Second &amp; last</p>',
      detailImages: [],
      freightTemplateId: 1,
      afterSaleTemplateId: 2,
    });
    expect(goodsSubmitBiz.safeParse(biz).success).toBe(true);
  });

  it('sends the detail images and no HTML in images mode', () => {
    const biz = toSubmitBiz({ ...valid(), detailMode: 'images', detailImages: [image(5), image(6)] });
    expect(biz.goodsId).toBeUndefined();
    expect([biz.detailType, biz.detailHtml, biz.detailImages]).toEqual([GOODS_DETAIL_TYPE.images, '', [{ fileId: 5, objectUrl: image(5).objectUrl }, { fileId: 6, objectUrl: image(6).objectUrl }]]);
  });
});

describe('toDraftBiz', () => {
  it('keeps a half-filled form: empty text left out, empty prices as 0, and the draft contract accepts it', () => {
    const draft = toDraftBiz({ ...EMPTY_RELEASE_FORM, title: ' Sofa ', categoryId: 21, specs: [{ specName: 'Seats', values: ['2', '3'] }], skus: [
      { specValues: ['2'], price: '', stock: '' },
      { specValues: ['3'], price: '99', stock: '4' },
    ] });
    expect(draft).toEqual({
      categoryId: 21,
      title: 'Sofa',
      unitId: null,
      specList: [{ specName: 'Seats', values: ['2', '3'] }],
      skus: [
        { specValues: { Seats: '2' }, skuCode: '', price: 0, stock: 0, warningStock: null },
        { specValues: { Seats: '3' }, skuCode: '', price: 9900, stock: 4, warningStock: null },
      ],
      images: [],
      video: null,
      detailType: GOODS_DETAIL_TYPE.richText,
      detailHtml: '',
      detailImages: [],
      freightTemplateId: null,
      afterSaleTemplateId: null,
    });
    expect(goodsDraftBiz.safeParse(draft).success).toBe(true);
    expect(goodsDraftBiz.safeParse(toDraftBiz(EMPTY_RELEASE_FORM, 12)).success).toBe(true);
  });
});

describe('detail text', () => {
  it('round-trips paragraphs through escaped HTML', () => {
    const text = 'Hello <script>alert(1)</script>\nline two\n\nSecond "para" & more';
    const html = detailHtmlFromText(text);
    expect(html).not.toContain('<script>');
    expect(detailTextFromHtml(html)).toBe(text);
  });

  it('reads only the text of stored HTML, whatever markup it holds', () => {
    expect(paragraphsFromDetailHtml('<p>a<img src=x onerror="alert(1)"></p><p><b>b</b></p>')).toEqual(['a', 'b']);
    expect(paragraphsFromDetailHtml('plain words')).toEqual(['plain words']);
    expect(paragraphsFromDetailHtml('')).toEqual([]);
  });
});
