import * as contracts from './index';
import {
  APP_NAME_LABELS,
  DISPUTE_STATUS_LABELS,
  ORDER_STATUS_COLOURS,
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  PRINCIPAL_TYPE_LABELS,
  REFUND_STATUS_LABELS,
  REFUND_STATUS_WITH_SUCCESS_LABELS,
  STORE_STATUS,
  STORE_STATUS_LABELS,
  STORE_TYPE_LABELS,
  UNMATCHED_APPLICATION,
  UNMATCHED_PAYMENT_METHOD,
  UNMATCHED_STATUS,
  appNameOf,
  codesOf,
  labelOf,
  type StatusTable,
} from './status-tables';
import { DISPUTE_MACHINE, ORDER_MACHINE, REFUND_MACHINE } from './order-machines';
import { SUPPORTED_LANGUAGES } from './languages';

const en = (table: StatusTable, code: unknown) => labelOf(table, code, 'en-US');
const zh = (table: StatusTable, code: unknown) => labelOf(table, code, 'zh-CN');

/** Every export of the library shaped as a status table: the §4/§8 ones and the contracts' own. */
const EVERY_TABLE = Object.entries(contracts).filter(
  (entry): entry is [string, StatusTable] => typeof entry[1] === 'object' && entry[1] !== null && 'labels' in entry[1] && 'fallback' in entry[1],
);

describe('status tables (console-spec §4, §8)', () => {
  it('share one format: every code and the fallback labelled, non-empty, in every language', () => {
    expect(EVERY_TABLE.length).toBeGreaterThanOrEqual(20);
    for (const [name, table] of EVERY_TABLE) {
      for (const text of [...Object.values<Record<string, string>>(table.labels), table.fallback]) {
        expect([name, Object.keys(text).sort()]).toEqual([name, [...SUPPORTED_LANGUAGES].sort()]);
        for (const language of SUPPORTED_LANGUAGES) expect([name, text[language]!.trim().length > 0]).toEqual([name, true]);
      }
    }
  });

  it('store status 0–4, store type 1–3 and principal type 1–2 read the spec labels, anything else unmatched', () => {
    expect(codesOf(STORE_STATUS_LABELS)).toEqual(Object.values(STORE_STATUS));
    expect(codesOf(STORE_STATUS_LABELS).map((c) => en(STORE_STATUS_LABELS, c))).toEqual(['not submitted', 'under review', 'approved', 'rejected', 'disabled']);
    expect(zh(STORE_STATUS_LABELS, 1)).toBe('审核中');
    expect([1, 2, 3].map((c) => en(STORE_TYPE_LABELS, c))).toEqual(['flagship store', 'specialty store', 'service store']);
    expect([1, 2].map((c) => en(PRINCIPAL_TYPE_LABELS, c))).toEqual(['sole proprietor', 'company']);
    for (const table of [STORE_STATUS_LABELS, STORE_TYPE_LABELS, PRINCIPAL_TYPE_LABELS]) {
      for (const other of [5, -1, 'x', null, undefined]) expect(en(table, other)).toBe('unmatched status');
      expect(zh(table, 42)).toBe('未匹配状态');
    }
  });

  it('labels every state of the order, refund and dispute machines', () => {
    expect(codesOf(ORDER_STATUS_LABELS)).toEqual([...ORDER_MACHINE.states]);
    expect(codesOf(REFUND_STATUS_LABELS)).toEqual([...REFUND_MACHINE.states]);
    expect(codesOf(DISPUTE_STATUS_LABELS)).toEqual([...DISPUTE_MACHINE.states]);
  });

  it('shipping-order status 1–6 (2 and 3 both shipped), others unmatched', () => {
    expect([1, 2, 3, 4, 5, 6].map((c) => en(ORDER_STATUS_LABELS, c))).toEqual(['to ship', 'shipped', 'shipped', 'completed', 'withdrawn', 'refunded']);
    expect(en(ORDER_STATUS_LABELS, 7)).toBe('unmatched status');
  });

  it('refund-order status: both §4 mappings, only one knowing 5 (refund succeeded)', () => {
    const codes = [0, 1, 2, 3, 4, 7, 9];
    const labels = ['pending review', 'confirmed', 'refunded', 'closed', 'pending refund', 'pending refund', 'refund rejected'];
    expect(codes.map((c) => en(REFUND_STATUS_LABELS, c))).toEqual(labels);
    expect(codes.map((c) => en(REFUND_STATUS_WITH_SUCCESS_LABELS, c))).toEqual(labels);
    expect(en(REFUND_STATUS_WITH_SUCCESS_LABELS, 5)).toBe('refund succeeded');
    expect(zh(REFUND_STATUS_WITH_SUCCESS_LABELS, 5)).toBe('退款成功');
    for (const other of [5, 6, 8]) expect(en(REFUND_STATUS_LABELS, other)).toBe('unmatched status');
    for (const other of [6, 8]) expect(en(REFUND_STATUS_WITH_SUCCESS_LABELS, other)).toBe('unmatched status');
  });

  it('dispute status 1–3, others unmatched', () => {
    expect([1, 2, 3].map((c) => en(DISPUTE_STATUS_LABELS, c))).toEqual(['in dispute', 'dispute ended', 'dispute revoked']);
    expect(en(DISPUTE_STATUS_LABELS, 4)).toBe('unmatched status');
  });

  it('order colour codes exist for 2, 3, 4, 5 and 7 only; the fallback is light grey', () => {
    expect(Object.keys(ORDER_STATUS_COLOURS.colours)).toEqual(['2', '3', '4', '5', '7']);
    expect(new Set(Object.values(ORDER_STATUS_COLOURS.colours)).size).toBe(5);
    expect(Object.values(ORDER_STATUS_COLOURS.colours)).not.toContain(ORDER_STATUS_COLOURS.fallback);
    expect(ORDER_STATUS_COLOURS.fallback).toBe('#dcdfe6');
  });

  it('app names 1–4, no code meaning all, others unmatched application', () => {
    expect([1, 2, 3, 4].map((c) => appNameOf(c, 'en-US'))).toEqual(['decoration', 'craftsman', 'merchant', 'mini-program']);
    for (const none of ['', null, undefined]) expect(appNameOf(none, 'en-US')).toBe('all');
    expect(appNameOf(5, 'en-US')).toBe('unmatched application');
    expect(appNameOf(5)).toBe('未匹配应用');
    expect(APP_NAME_LABELS.fallback).toBe(UNMATCHED_APPLICATION);
  });

  it('payment methods BALANCE, ALIPAY_APP, TENPAY; others unmatched payment method', () => {
    expect(['BALANCE', 'ALIPAY_APP', 'TENPAY'].map((c) => en(PAYMENT_METHOD_LABELS, c))).toEqual(['balance', 'Alipay', 'WeChat payment']);
    expect(zh(PAYMENT_METHOD_LABELS, 'TENPAY')).toBe('微信支付');
    expect(en(PAYMENT_METHOD_LABELS, 'CASH')).toBe('unmatched payment method');
    expect(zh(PAYMENT_METHOD_LABELS, 'tenpay')).toBe('未匹配支付方式');
    expect(PAYMENT_METHOD_LABELS.fallback).toBe(UNMATCHED_PAYMENT_METHOD);
  });

  it('falls back to unmatched status for every status table without its own §8 fallback', () => {
    for (const [name, table] of EVERY_TABLE.filter(([, t]) => t !== APP_NAME_LABELS && t !== PAYMENT_METHOD_LABELS)) {
      expect([name, table.fallback]).toEqual([name, UNMATCHED_STATUS]);
    }
  });

  it('cannot be changed at run time', () => {
    expect(Object.isFrozen(STORE_STATUS_LABELS) && Object.isFrozen(STORE_STATUS_LABELS.labels)).toBe(true);
  });
});
