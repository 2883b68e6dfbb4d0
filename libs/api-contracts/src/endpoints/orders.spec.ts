import { describeValidationErrorText, wireProblems } from '../fields';
import { CARRIERS, CARRIER_CODES, carrierCodeOf, carrierName } from './carriers';
import { bulkShipBiz, deliverySlipBiz, extendReturnPeriodBiz, orderListBiz, shipOrderBiz } from './orders';

describe('order contracts', () => {
  it('takes a status tab, keywords, a creation window and an amount range in cents', () => {
    const parsed = orderListBiz.parse({ status: 2, orderNo: ' 2026 ', buyer: '138', createTimeStart: 10, createTimeEnd: 20, amountMin: 100, amountMax: 200 });
    expect(parsed).toMatchObject({ pageNum: 1, pageSize: 5, status: 2, orderNo: '2026', buyer: '138', amountMin: 100, amountMax: 200 });
  });

  it('refuses an unknown status, a reversed amount range and fractional cents', () => {
    expect(orderListBiz.safeParse({ status: 7 }).success).toBe(false);
    expect(orderListBiz.safeParse({ status: 0 }).success).toBe(false);
    const reversed = orderListBiz.safeParse({ amountMin: 500, amountMax: 100 });
    expect(reversed.success).toBe(false);
    expect(reversed.error?.issues[0].path).toEqual(['amountMax']);
    expect(orderListBiz.safeParse({ amountMin: 1.5 }).success).toBe(false);
    expect(orderListBiz.safeParse({ createTimeStart: 20, createTimeEnd: 10 }).success).toBe(false);
  });

  it('checks a shipment: carrier and a tracking number of letters, digits and hyphens', () => {
    expect(shipOrderBiz.parse({ orderId: 1, carrier: ' SF ', trackingNo: 'SF-123' })).toEqual({ orderId: 1, carrier: 'SF', trackingNo: 'SF-123' });
    expect(shipOrderBiz.safeParse({ orderId: 1, carrier: '', trackingNo: 'SF1' }).success).toBe(false);
    expect(shipOrderBiz.safeParse({ orderId: 1, carrier: 'SF', trackingNo: 'SF 1' }).success).toBe(false);
    expect(shipOrderBiz.safeParse({ orderId: 0, carrier: 'SF', trackingNo: 'SF1' }).success).toBe(false);
  });

  it('takes only a carrier of the list, by code or by name in either language', () => {
    for (const carrier of ['SF', 'SF Express', '顺丰速运', 'j&t express', 'JTEXPRESS']) {
      expect(shipOrderBiz.safeParse({ orderId: 1, carrier, trackingNo: 'SF1' }).success).toBe(true);
    }
    const refused = shipOrderBiz.safeParse({ orderId: 1, carrier: 'Pigeon Post', trackingNo: 'SF1' });
    expect(refused.success).toBe(false);
    const input = { orderId: 1, carrier: 'Pigeon Post', trackingNo: 'SF1' };
    expect(wireProblems(refused.error!, input)[0]).toEqual({ field: 'carrier', problem: { rule: 'carrier', values: CARRIER_CODES } });
    expect(describeValidationErrorText(refused.error!, input)['zh-CN']).toBe(`参数错误：carrier须为列表中的快递公司（${CARRIER_CODES.join('、')}）`);
    expect(CARRIERS.map((carrier) => carrierCodeOf(carrier.name['zh-CN']))).toEqual(CARRIERS.map((carrier) => carrier.code));
    expect(carrierName('SF Express', 'zh-CN')).toBe('顺丰速运');
    expect(carrierName('an older text', 'en-US')).toBe('an older text');
  });

  it('lets bulkShip rows through unchecked (each answers its own result) but bounds their number', () => {
    expect(bulkShipBiz.safeParse({ rows: [{ orderId: 'x', carrier: 1, trackingNo: null }] }).success).toBe(true);
    expect(bulkShipBiz.safeParse({ rows: [] }).success).toBe(false);
    expect(bulkShipBiz.safeParse({ rows: Array.from({ length: 201 }, () => ({ orderId: 1, carrier: 'SF', trackingNo: '1' })) }).success).toBe(false);
    expect(bulkShipBiz.safeParse({ rows: 'all' }).success).toBe(false);
  });

  it('bounds the delivery slip batch and the extension days', () => {
    expect(deliverySlipBiz.safeParse({ orderIds: [1, 1] }).success).toBe(false);
    expect(deliverySlipBiz.safeParse({ orderIds: Array.from({ length: 51 }, (_, i) => i + 1) }).success).toBe(false);
    expect(extendReturnPeriodBiz.safeParse({ orderId: 1, days: 0 }).success).toBe(false);
    expect(extendReturnPeriodBiz.safeParse({ orderId: 1, days: 31 }).success).toBe(false);
    expect(extendReturnPeriodBiz.safeParse({ orderId: 1, days: 30 }).success).toBe(true);
  });
});
