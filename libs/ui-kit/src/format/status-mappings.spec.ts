import {
  APP_NAME,
  DISPUTE_STATUS,
  ORDER_STATUS_FALLBACK_COLOR,
  PAYMENT_METHOD,
  PRINCIPAL_TYPE,
  REFUND_STATUS,
  REFUND_STATUS_WITH_SUCCESS,
  SHIPPING_STATUS,
  STORE_STATUS,
  STORE_TYPE,
  appNameLabel,
  orderStatusColor,
  statusLabel,
  statusOptions,
} from './status-mappings';

const en = (mapping: Parameters<typeof statusLabel>[0], code: Parameters<typeof statusLabel>[1]) => statusLabel(mapping, code, 'en-US');

describe('status mappings and their fallbacks (§4, §8)', () => {
  it('maps order statuses 2,3,4,5,7 to colours and everything else to light grey', () => {
    const coloured = [2, 3, 4, 5, 7].map(orderStatusColor);
    expect(new Set(coloured).size).toBe(5);
    expect(coloured).not.toContain(ORDER_STATUS_FALLBACK_COLOR);
    for (const other of [0, 1, 6, 8, 99, null, undefined, '']) expect(orderStatusColor(other)).toBe(ORDER_STATUS_FALLBACK_COLOR);
    expect(orderStatusColor('4')).toBe(orderStatusColor(4));
  });

  it('maps shipping statuses 1-6', () => {
    expect([1, 2, 3, 4, 5, 6].map((c) => en(SHIPPING_STATUS, c))).toEqual(['to ship', 'shipped', 'shipped', 'completed', 'withdrawn', 'refunded']);
    expect(en(SHIPPING_STATUS, 7)).toBe('unmatched status');
  });

  it('has two refund mappings, only one of which knows 5', () => {
    const codes = [0, 1, 2, 3, 4, 7, 9];
    const labels = ['pending review', 'confirmed', 'refunded', 'closed', 'pending refund', 'pending refund', 'refund rejected'];
    expect(codes.map((c) => en(REFUND_STATUS, c))).toEqual(labels);
    expect(codes.map((c) => en(REFUND_STATUS_WITH_SUCCESS, c))).toEqual(labels);
    expect(en(REFUND_STATUS_WITH_SUCCESS, 5)).toBe('refund succeeded');
    expect(en(REFUND_STATUS, 5)).toBe('unmatched status');
    expect(en(REFUND_STATUS, 6)).toBe('unmatched status');
  });

  it('maps dispute, store status, store type and principal type', () => {
    expect([1, 2, 3].map((c) => en(DISPUTE_STATUS, c))).toEqual(['in dispute', 'dispute ended', 'dispute revoked']);
    expect([0, 1, 2, 3, 4].map((c) => en(STORE_STATUS, c))).toEqual(['not submitted', 'under review', 'approved', 'rejected', 'disabled']);
    expect([1, 2, 3].map((c) => en(STORE_TYPE, c))).toEqual(['flagship store', 'specialty store', 'service store']);
    expect([1, 2].map((c) => en(PRINCIPAL_TYPE, c))).toEqual(['sole proprietor', 'company']);
    for (const mapping of [DISPUTE_STATUS, STORE_STATUS, STORE_TYPE, PRINCIPAL_TYPE]) expect(en(mapping, 42)).toBe('unmatched status');
  });

  it('names apps, with empty meaning all and unknown unmatched', () => {
    expect([1, 2, 3, 4].map((c) => appNameLabel(c, 'en-US'))).toEqual(['decoration', 'craftsman', 'merchant', 'mini-program']);
    expect(appNameLabel(undefined, 'en-US')).toBe('all');
    expect(appNameLabel('', 'en-US')).toBe('all');
    expect(appNameLabel(5, 'en-US')).toBe('unmatched application');
    expect(en(APP_NAME, 9)).toBe('unmatched application');
  });

  it('names payment methods, unknown ones unmatched', () => {
    expect(['BALANCE', 'ALIPAY_APP', 'TENPAY'].map((c) => en(PAYMENT_METHOD, c))).toEqual(['balance', 'Alipay', 'WeChat payment']);
    expect(en(PAYMENT_METHOD, 'CASH')).toBe('unmatched payment method');
    expect(statusLabel(PAYMENT_METHOD, 'TENPAY')).toBe('微信支付');
    expect(statusLabel(PAYMENT_METHOD, 'x')).toBe('未匹配支付方式');
  });

  it('lists a mapping as select options', () => {
    expect(statusOptions(DISPUTE_STATUS, 'en-US')).toEqual([
      { value: '1', label: 'in dispute' },
      { value: '2', label: 'dispute ended' },
      { value: '3', label: 'dispute revoked' },
    ]);
  });
});
