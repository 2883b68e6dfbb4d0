// The daily jobs of a merchant (issue 35 "Done means": the merchant's day) in either of the console's languages:
// what each job's controls are called in zh-CN and en-US, and the release form driven by those names. The other
// page objects (order, shipping, after-sales lists, chat frame) are reused as they are; selectors live here only.
import { expect, type Locator, type Page } from '@playwright/test';
import { pickNewImages, type ChosenFile } from './media-files';
import { GoodsReleasePage } from './goods-release-page';
import { ShippingScreens } from './shipping-screens';

export type DayLanguage = 'en-US' | 'zh-CN';

/** What the console calls each control of the day's jobs (apps/console/src/features/…/messages.ts, media-library i18n). */
export const DAY_TEXT = {
  'en-US': {
    ship: 'Ship',
    carrierField: 'carrier',
    carrier: 'SF Express',
    trackingField: 'tracking no.',
    refundNoField: 'after-sales no.',
    orderNoField: 'order no.',
    process: 'Process',
    refunded: 'refunded',
    reply: 'Reply',
    replyTitle: 'Reply to the review',
    replyField: /^reply/,
    postReply: 'Post reply',
    review: "the buyer's review",
    category: /Backend category/,
    brand: /Brand/,
    unit: /Unit/,
    bulkPrice: 'Bulk Price (yuan)',
    bulkStock: 'Bulk Stock',
    clickToUpload: /click to upload/,
    underReview: 'under review',
    onShelf: 'on shelf',
  },
  'zh-CN': {
    ship: '发货',
    carrierField: '物流公司',
    carrier: '顺丰速运',
    trackingField: '运单号',
    refundNoField: '售后单号',
    orderNoField: '订单号',
    process: '处理',
    refunded: '已退款',
    reply: '回复',
    replyTitle: '回复评价',
    replyField: /^回复内容/,
    postReply: '提交回复',
    review: '买家的评价',
    category: /后台类目/,
    brand: /品牌/,
    unit: /单位/,
    bulkPrice: '批量价格（元）',
    bulkStock: '批量库存',
    clickToUpload: /点击上传/,
    underReview: '审核中',
    onShelf: '已上架',
  },
} as const;

/** Reference data in either language (issue 35 §8 gives it Chinese names; English until a name is there). */
const TILES = /^(Building materials \/ Tiles|建材 \/ 瓷砖)$/;
const SIZE = /^(Size|尺寸)$/;
const SQUARE_METRE = /^(square metre|平方米)$/;

/** The one-order ship form, in the merchant's language. */
export async function shipWithForm(page: Page, consoleUrl: string, language: DayLanguage, trackingNo: string) {
  const text = DAY_TEXT[language];
  const screens = new ShippingScreens(page, consoleUrl);
  const form = screens.shipForm();
  await screens.chooseCarrier(form, text.carrierField, text.carrier);
  await form.getByRole('textbox', { name: text.trackingField }).fill(trackingNo);
  // 'Ship' in English, '确认发货' in Chinese.
  await form.getByTestId('ship-submit').click();
}

/** /goods/goodRelease in the merchant's language: GoodsReleasePage's testid-based parts, named controls from DAY_TEXT. */
export class LocalisedGoodsRelease {
  readonly release: GoodsReleasePage;
  private readonly text: (typeof DAY_TEXT)[DayLanguage];

  constructor(
    private readonly page: Page,
    consoleUrl: string,
    language: DayLanguage,
  ) {
    this.release = new GoodsReleasePage(page, consoleUrl);
    this.text = DAY_TEXT[language];
  }

  form(): Locator {
    return this.release.form();
  }

  /** A one-SKU tile good in square metres: category, brand, title, size, unit, price and stock. */
  async fillTile(brand: string, title: string, size: string, price: string, stock: string) {
    const form = this.form();
    await form.getByRole('combobox', { name: this.text.category }).click();
    await this.page.getByRole('option', { name: TILES }).click();
    await form.getByRole('combobox', { name: this.text.brand }).click();
    await this.page.getByRole('listbox').getByRole('option', { name: new RegExp(`^${brand}`) }).click();
    await form.getByTestId('release-title').fill(title);
    await form.getByRole('group', { name: SIZE }).getByRole('button', { name: size }).click();
    await expect(this.release.skuRows()).toHaveCount(1);
    await form.getByRole('combobox', { name: this.text.unit }).click();
    await this.page.getByRole('option', { name: SQUARE_METRE }).click();
    await form.getByLabel(this.text.bulkPrice).fill(price);
    await form.getByLabel(this.text.bulkStock).fill(stock);
    await form.getByTestId('sku-bulk-apply').click();
  }

  /** New images through the media picker's 'upload to the current directory', then ticked and confirmed. */
  async pickNewImages(files: ChosenFile[]) {
    await pickNewImages(this.form().getByTestId('release-images').getByRole('button', { name: this.text.clickToUpload }), files);
  }

  /** The store's seeded freight template (its name is the merchant's own, not translated). */
  async chooseFreightTemplate(name = 'Standard delivery') {
    // By its test id: in Chinese the cartage select's label also contains 运费模板.
    await this.form().getByTestId('release-freight-select').click();
    await this.page.getByRole('option', { name: new RegExp(`^${name}\\b`) }).click();
  }
}
