// The resource kit's pure parts: definition checks, list arguments, status texts, saved-view columns.
import type { TFunction } from 'i18next';
import { GOODS_STATUS_LABELS } from '@merchant/api-contracts';
import { listArg } from './listArg';
import { filtersOf, visibilityOf, visibleColumns } from './savedViews';
import { cellText, statusFromLabels, statusText } from './text';
import { defineResource, type ResourceListEndpoint } from './types';

const t = ((key: string) => `t:${key}`) as unknown as TFunction;
const zh = { t, locale: 'zh-CN' as const };
const en = { t, locale: 'en-US' as const };
const endpoint = { useQuery: () => ({ isFetching: false }), initiate: () => undefined } as ResourceListEndpoint<{ id: number }, unknown>;

describe('defineResource', () => {
  const base = { titleKey: 'x', rowId: (row: { id: number }) => row.id, listPath: '/x', list: { endpoint, columns: [{ key: 'id' as const, titleKey: 'id' }] } };

  it('accepts a key the saved views accept (goods.list) and returns the definition itself', () => {
    const definition = { ...base, key: 'goods.list' };
    expect(defineResource(definition)).toBe(definition);
  });

  it.each(['Goods', 'goods list', 'goods..list', '1goods', ''])('refuses the key %p: it names URL parameters and saved views', (key) => {
    expect(() => defineResource({ ...base, key })).toThrow(/must look like goods.list/);
  });

  it('refuses a column defined twice', () => {
    const columns = [{ key: 'id' as const, titleKey: 'a' }, { key: 'id' as const, titleKey: 'b' }];
    expect(() => defineResource({ ...base, key: 'goods.list', list: { endpoint, columns } })).toThrow(/column "id" is defined twice/);
  });
});

describe('listArg', () => {
  it('sends page, size, filters and the sort as sortField/sortOrder', () => {
    expect(listArg()({ pageNum: 2, pageSize: 20, filters: { title: 'tea', status: 2 }, sort: { field: 'createTime', direction: 'desc' } })).toEqual({
      pageNum: 2,
      pageSize: 20,
      title: 'tea',
      status: 2,
      sortField: 'createTime',
      sortOrder: 'desc',
    });
  });

  it('turns typed ids into numbers and a date range into its two fields, and leaves text that is no number for the contract to refuse', () => {
    const toArg = listArg({ numbers: ['goodsId'], ranges: { createTime: ['createTimeStart', 'createTimeEnd'] } });
    expect(toArg({ pageNum: 1, pageSize: 5, filters: { goodsId: '42', createTime: [100, 200] } })).toEqual({ pageNum: 1, pageSize: 5, goodsId: 42, createTimeStart: 100, createTimeEnd: 200 });
    expect(toArg({ pageNum: 1, pageSize: 5, filters: { goodsId: 'abc' } })).toMatchObject({ goodsId: 'abc' });
  });
});

describe('status texts', () => {
  const status = statusFromLabels(GOODS_STATUS_LABELS.labels, { 2: 'success' }, [2, 3]);

  it('reads the contract label in the user language and keeps the given order and colours', () => {
    expect(status.options.map((option) => option.value)).toEqual([2, 3]);
    expect(status.options[0]!.color).toBe('success');
    expect(statusText(status, 2, zh)).toBe('已上架');
    expect(statusText(status, '3', en)).toBe('off shelf');
  });

  it("falls back to 'unmatched status' for a value the mapping does not know (§8)", () => {
    expect(statusText(status, 9, en)).toBe('unmatched status');
    expect(statusText(status, null, zh)).toBe('未匹配状态');
  });

  it('gives export cells the same text as the table: format, else status label, else the raw value', () => {
    const row = { status: 2, title: 'Tea', price: 1234 };
    expect(cellText(row, { key: 'status', titleKey: 's', status }, en)).toBe('on shelf');
    expect(cellText(row, { key: 'price', titleKey: 'p', format: (r) => (r.price / 100).toFixed(2) }, en)).toBe('12.34');
    expect(cellText(row, { key: 'title', titleKey: 't' }, en)).toBe('Tea');
  });
});

describe('saved-view columns and filters', () => {
  const keys = ['title', 'price', 'status'];

  it('stores the visible columns and turns them back into the visibility of every column', () => {
    expect(visibleColumns(keys, { price: false })).toEqual(['title', 'status']);
    expect(visibilityOf(keys, ['title', 'status'])).toEqual({ title: true, price: false, status: true });
  });

  it('keeps only values a table filter can hold from a stored view', () => {
    expect(filtersOf({ title: 'tea', status: 2, createTime: [1, 2], junk: { a: 1 }, nothing: null })).toEqual({ title: 'tea', status: 2, createTime: [1, 2] });
    expect(filtersOf('not an object')).toEqual({});
  });
});
