import i18next from 'i18next';
import type { LibraryFile } from '@merchant/media-library';
import { GOODS_DETAIL_TYPE, GOODS_LIMITS, goodsDraftBiz, goodsSubmitBiz } from './contract';
import { detailHtmlFromText, detailTextFromHtml, paragraphsFromDetailHtml } from './detailText';
import { goodsReleaseMessages } from './messages';
import { problemOf, valueAtPath } from '@merchant/api-contracts';
import { errorSummary } from './errorSummary';
import { EMPTY_RELEASE_FORM, formPathOf, releaseResolver, releaseSubmitRules, toCheckedBiz, toDraftBiz, toSubmitBiz, type PickedVideo, type ReleaseFormValues } from './releaseSchema';

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
    cartageTemplateId: null,
  };
}

/** The rule codes of the failed check, by form field (the path the form shows them on). */
function failures(values: ReleaseFormValues): Record<string, string[]> {
  const biz = toCheckedBiz(values);
  const result = releaseSubmitRules.safeParse(biz);
  if (result.success) return {};
  const byPath: Record<string, string[]> = {};
  for (const issue of result.error.issues) (byPath[formPathOf(issue.path).join('.')] ??= []).push(problemOf(issue, valueAtPath(biz, issue.path)).rule);
  return byPath;
}

describe('the release form rules (the submit contract, on the form fields)', () => {
  it('accepts a complete form', () => {
    expect(failures(valid())).toEqual({});
  });

  it.each<[string, (v: ReleaseFormValues) => ReleaseFormValues, string, string]>([
    ['no category', (v) => ({ ...v, categoryId: null }), 'categoryId', 'required'],
    ['a blank brand', (v) => ({ ...v, brandName: '   ' }), 'brandName', 'required'],
    ['a long brand', (v) => ({ ...v, brandName: 'b'.repeat(GOODS_LIMITS.brandMax + 1) }), 'brandName', 'maxLength'],
    ['a blank title', (v) => ({ ...v, title: '  ' }), 'title', 'required'],
    ['a long title', (v) => ({ ...v, title: 't'.repeat(GOODS_LIMITS.titleMax + 1) }), 'title', 'maxLength'],
    ['no unit', (v) => ({ ...v, unitId: '' }), 'unitId', 'required'],
    ['no SKU', (v) => ({ ...v, skus: [] }), 'skus', 'minItems'],
    ['a missing price', (v) => ({ ...v, skus: [{ ...v.skus[0]!, price: '' }, v.skus[1]!] }), 'skus.0.price', 'required'],
    ['a zero price', (v) => ({ ...v, skus: [{ ...v.skus[0]!, price: '0.00' }, v.skus[1]!] }), 'skus.0.price', 'min'],
    ['a price over the limit', (v) => ({ ...v, skus: [v.skus[0]!, { ...v.skus[1]!, price: '1000000' }] }), 'skus.1.price', 'max'],
    ['a missing stock', (v) => ({ ...v, skus: [{ ...v.skus[0]!, stock: '' }, v.skus[1]!] }), 'skus.0.stock', 'required'],
    ['a fractional stock', (v) => ({ ...v, skus: [{ ...v.skus[0]!, stock: '1.5' }, v.skus[1]!] }), 'skus.0.stock', 'integer'],
    ['a stock over the limit', (v) => ({ ...v, skus: [{ ...v.skus[0]!, stock: String(GOODS_LIMITS.stockMax + 1) }, v.skus[1]!] }), 'skus.0.stock', 'max'],
    ['no image', (v) => ({ ...v, images: [] }), 'images', 'required'],
    ['too many images', (v) => ({ ...v, images: Array.from({ length: GOODS_LIMITS.imagesMax + 1 }, (_, i) => image(i + 1)) }), 'images', 'maxItems'],
    ['an empty text detail', (v) => ({ ...v, detailText: ' \n\n ' }), 'detailText', 'detailRequired'],
    ['an over-long text detail', (v) => ({ ...v, detailText: '<'.repeat(GOODS_LIMITS.detailHtmlMax / 4 + 1) }), 'detailText', 'maxLength'],
    ['an image detail without images', (v) => ({ ...v, detailMode: 'images', detailImages: [] }), 'detailImages', 'detailImagesRequired'],
    ['too many detail images', (v) => ({ ...v, detailMode: 'images', detailImages: Array.from({ length: GOODS_LIMITS.detailImagesMax + 1 }, (_, i) => image(i + 1)) }), 'detailImages', 'maxItems'],
    ['no freight template', (v) => ({ ...v, freightTemplateId: null }), 'freightTemplateId', 'required'],
    ['a video over 30MB', (v) => ({ ...v, video: video({ size: GOODS_LIMITS.videoMaxBytes + 1 }) }), 'video', 'videoSize'],
    ['a video under 6 seconds', (v) => ({ ...v, video: video({ duration: 5.9 }) }), 'video', 'videoDuration'],
    ['a video over 120 seconds', (v) => ({ ...v, video: video({ duration: 120.5 }) }), 'video', 'videoDuration'],
    [
      'more specs than allowed',
      (v) => ({ ...v, specs: ['A', 'B', 'C', 'D'].map((specName) => ({ specName, values: ['x'] })), skus: [{ specValues: ['x', 'x', 'x', 'x'], price: '1', stock: '1' }] }),
      'specs',
      'maxItems',
    ],
    [
      'more SKUs than allowed',
      (v) => {
        const specs = [{ specName: 'A', values: Array.from({ length: 15 }, (_, i) => `A${i}`) }, { specName: 'B', values: Array.from({ length: 14 }, (_, i) => `B${i}`) }];
        return { ...v, specs, skus: specs[0]!.values.flatMap((a) => specs[1]!.values.map((b) => ({ specValues: [a, b], price: '1', stock: '1' }))) };
      },
      'skus',
      'maxItems',
    ],
  ])('refuses %s with its rule', (_case, change, path, rule) => {
    expect(failures(change(valid()))[path]).toContain(rule);
  });

  it('accepts the §5 video bounds inclusive: 6 s, 120 s, exactly 30MB', () => {
    expect(failures({ ...valid(), video: video({ duration: 6, size: GOODS_LIMITS.videoMaxBytes }) })).toEqual({});
    expect(failures({ ...valid(), video: video({ duration: 120 }) })).toEqual({});
  });

  it("shows a cross-field rule of the contract on its field", () => {
    // Two SKU rows with the same values: only the contract's cross-field rule sees it.
    const values = valid();
    const failed = failures({ ...values, skus: [values.skus[0]!, { ...values.skus[0]! }] });
    expect(failed['skus.1.specValues']).toEqual(['skuTwin']);
    expect(failed.root).toBeUndefined();
  });

  it("says each problem in the merchant's language with the field's label, never in the contract's English", async () => {
    // The audit's case: price 0, stock 99999999999, no image, no detail.
    const values = valid();
    const errors = (await releaseResolver({ ...values, skus: [{ ...values.skus[0]!, price: '0', stock: '99999999999' }, values.skus[1]!], images: [], detailText: '' }, undefined, { fields: {}, shouldUseNativeValidation: false })).errors as never;
    const texts = async (language: 'zh-CN' | 'en-US') => {
      const i18n = i18next.createInstance();
      await i18n.init({ lng: language, showSupportNotice: false, resources: { [language]: { translation: goodsReleaseMessages[language] } }, interpolation: { escapeValue: false } } as never);
      return errorSummary(i18n, errors, values.skus).map((item) => item.text);
    };
    expect(await texts('zh-CN')).toEqual(['300x300 / matte 的价格（元）：价格（元）不能小于 0.01', '300x300 / matte 的库存：库存不能超过 9999999', '商品图片：请选择商品图片']);
    expect(await texts('en-US')).toEqual(['Price (yuan) of 300x300 / matte: Price (yuan) must be at least 0.01', 'Stock of 300x300 / matte: Stock cannot exceed 9999999', 'Goods images: Goods images is required']);
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
      cartageTemplateId: null,
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
      cartageTemplateId: null,
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
