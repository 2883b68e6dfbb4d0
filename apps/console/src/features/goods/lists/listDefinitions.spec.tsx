// The goods list definitions on their own, in zh-CN and en-US: the goods search refuses an inverted
// price range on the field, the bulk shelf questions say how many goods they change, and the stock
// warnings table fits a 1440 px screen with a readable title and a handled time that is never blank.
import type { ReactNode } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next, { type TFunction } from 'i18next';
import { WARNING_STATUS } from '@merchant/api-contracts';
import { emptySearchValues, searchFieldsOf } from '@merchant/ui-kit';
import { withSearchRanges, type ResourceActionContext, type ResourceColumn } from '../../../resource-kit';
import { resourceKitMessages } from '../../../resource-kit/messages';
import { tableLayout } from '../../../resource-kit/tableLayout.testing';
import { goodsMessages } from '../messages';
import { goodsList } from './goodsList';
import { WARNING_TITLE_WIDTH, handleTimeText, inventoryWarning } from './inventoryWarning';

type Language = 'zh-CN' | 'en-US';

async function translator(language: Language): Promise<TFunction> {
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    showSupportNotice: false,
    resources: { [language]: { translation: { ...goodsMessages[language], ...resourceKitMessages[language] } } },
    interpolation: { escapeValue: false },
  } as never);
  return instance.t.bind(instance) as TFunction;
}

const context = (language: Language, t: TFunction) => ({ t, locale: language });

describe('goods search (goodList/goodAll)', () => {
  it.each([
    ['zh-CN', '最高价（元）不能小于最低价（元）'],
    ['en-US', 'max price (yuan) cannot be less than min price (yuan)'],
  ] as const)('%s: refuses a max price below the min price on the max price field', async (language, message) => {
    const t = await translator(language);
    // As the list page builds it: the definition's search with its ranges (resource kit, searchRanges).
    const schema = withSearchRanges(goodsList.list!.search!(t, context(language, t)), goodsList.list!.searchRanges, { language });
    // What the search bar validates: its empty form with the two prices typed.
    const values = { ...emptySearchValues(searchFieldsOf(schema)), priceMin: '100', priceMax: '5' };
    const result = schema.safeParse(values);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['priceMax', message]]);
    // Equal ends and a one-sided range are fine.
    expect(schema.safeParse({ ...values, priceMax: '100' }).success).toBe(true);
    expect(schema.safeParse({ ...values, priceMax: '' }).success).toBe(true);
  });
});

describe('bulk on and off shelf (goodList/goodAll)', () => {
  function runBulk(key: 'onShelf' | 'offShelf', t: TFunction, ids: number[]) {
    let dialog: ReactNode = null;
    const perform = jest.fn(async () => undefined);
    const close = jest.fn();
    const ctx = { t, perform, openDialog: (draw: (close: () => void) => ReactNode) => (dialog = draw(close)) } as unknown as ResourceActionContext;
    const action = goodsList.list!.bulkActions!.find((candidate) => candidate.key === key)!;
    // The kit would ask its own question without the count: the action asks instead.
    expect(action.confirm).toBeUndefined();
    void action.run(ids, ctx, []);
    render(<>{dialog}</>);
    return { perform, close };
  }

  it.each([
    ['zh-CN', [1, 3], '确认下架', '确定下架选中的 2 件商品吗？下架后买家将无法购买。'],
    ['en-US', [1, 3], 'Take off shelf', 'Take 2 products off the shelf? Buyers can no longer buy them.'],
    ['en-US', [4], 'Take off shelf', 'Take 1 product off the shelf? Buyers can no longer buy it.'],
  ] as const)('%s: asks to take %j off the shelf saying how many, and sends them on confirm', async (language, ids, title, text) => {
    const t = await translator(language);
    const { perform } = runBulk('offShelf', t, [...ids]);
    const dialog = screen.getByRole('dialog', { name: title });
    expect(dialog).toHaveTextContent(text);
    expect(perform).not.toHaveBeenCalled();
    await userEvent.setup({ delay: null }).click(within(dialog).getAllByRole('button').at(-1)!);
    expect(perform).toHaveBeenCalledWith(expect.anything(), { goodsIds: [...ids] });
  });

  it.each([
    ['zh-CN', '确定上架选中的 3 件商品吗？上架后买家即可购买。'],
    ['en-US', 'Put 3 products on the shelf? Buyers can then buy them.'],
  ] as const)('%s: the bulk on-shelf question says how many too', async (language, text) => {
    const t = await translator(language);
    runBulk('onShelf', t, [1, 2, 3]);
    expect(screen.getByRole('dialog')).toHaveTextContent(text);
  });
});

describe('stock warnings table (inventoryWarning)', () => {
  const columns = inventoryWarning.list!.columns as readonly ResourceColumn<unknown>[];

  it('gives the title a readable fixed width instead of the share left over by the other columns', () => {
    const title = columns.find((column) => column.key === 'title')!;
    expect(title.width).toBe(WARNING_TITLE_WIDTH);
    expect(WARNING_TITLE_WIDTH).toBeGreaterThanOrEqual(200);
    expect(title.flex).toBeUndefined();
    expect(columns.every((column) => column.hidden || column.width !== undefined)).toBe(true);
  });

  it.each(['zh-CN', 'en-US'] as const)('%s: the shown columns and the actions fit a 1440 px screen', async (language) => {
    const t = await translator(language);
    // As the list page draws them: each fixed column at least as wide as its header in this language (resource kit).
    const layout = tableLayout(inventoryWarning, t);
    expect([layout.total, layout.fits]).toEqual([layout.total, true]);
    expect(layout.widths.title).toBeGreaterThanOrEqual(200);
  });

  it("shows '—' for a handled warning without a handled time, the time when there is one, and nothing for an open warning", () => {
    expect(handleTimeText({ status: WARNING_STATUS.handled, handleTime: null })).toBe('—');
    expect(handleTimeText({ status: WARNING_STATUS.handled, handleTime: 1_790_000_000 })).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(handleTimeText({ status: WARNING_STATUS.open, handleTime: null })).toBe('');
    const column = columns.find((candidate) => candidate.key === 'handleTime')!;
    expect(column.format!({ status: WARNING_STATUS.handled, handleTime: null } as never, undefined as never)).toBe('—');
  });
});
