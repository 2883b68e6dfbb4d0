import { EXPORT_DEFINITIONS, type SheetColumn } from './exports.schemas';

/** The cell of the column headed `header` (en-US) for a row, in a language. */
function cell(resource: keyof typeof EXPORT_DEFINITIONS, header: string, row: Record<string, unknown>, language: 'zh-CN' | 'en-US') {
  const column = (EXPORT_DEFINITIONS[resource].columns as readonly SheetColumn<Record<string, unknown>>[]).find((c) => c.header['en-US'] === header);
  if (!column) throw new Error(`${resource} has no column ${header}`);
  return column.value(row, language);
}

describe('export sheets label their codes from the contracts (console-spec §4, §8)', () => {
  it('names order, refund, dispute and goods statuses in the language of the file', () => {
    expect(cell('orders.list', 'Status', { status: 1 }, 'en-US')).toBe('to ship');
    expect(cell('orders.list', 'Status', { status: 1 }, 'zh-CN')).toBe('待发货');
    expect(cell('afterSales.refunds', 'Status', { status: 9 }, 'en-US')).toBe('refund rejected');
    expect(cell('afterSales.refunds', 'Type', { kind: 2 }, 'zh-CN')).toBe('退货退款');
    expect(cell('afterSales.complaints', 'Status', { status: 1 }, 'zh-CN')).toBe('申诉中');
    expect(cell('goods.list', 'Status', { status: 2 }, 'en-US')).toBe('on shelf');
  });

  it("writes 'unmatched status' for a code no table knows, not the raw code", () => {
    expect(cell('orders.list', 'Status', { status: 42 }, 'en-US')).toBe('unmatched status');
    // 5 "refund succeeded" is the payment side's mapping, not a refund order's.
    expect(cell('afterSales.refunds', 'Status', { status: 5 }, 'zh-CN')).toBe('未匹配状态');
    expect(cell('inventory.item', 'Stock status', { stockStatus: 9 }, 'en-US')).toBe('unmatched status');
  });

  it('masks the buyer phone as on screen (first 3, last 4)', () => {
    expect(cell('orders.list', 'Buyer phone', { buyerPhone: '13812345678' }, 'en-US')).toBe('138****5678');
  });
});
