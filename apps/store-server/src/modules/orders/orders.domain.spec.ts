import { ORDER_LIMITS } from '@merchant/api-contracts';
import { StoreError } from '../../shared/store-error';
import { DAY_SECONDS, UNPAID_ORDER_STATUS, extendReturnPeriod, merchantActions, moveOrder, nextShipmentStatus, payOrder, priceOrder, type OrderableSku } from './orders.domain';
import { simulatorSettings, DEFAULT_SIMULATOR_INTERVAL_SECONDS, SIMULATED_STORE_ID } from './orders.simulator';
import { DEMO_STORE } from '../../db/seed';

const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof StoreError ? error.code : 'not a StoreError';
  }
  return 'no error';
};

describe('order moves', () => {
  const unpaid = { status: UNPAID_ORDER_STATUS, returnDeadline: null };

  it('pays an unpaid order into the machine initial state, once', () => {
    const paid = payOrder(unpaid, 100);
    expect(paid.state).toEqual({ status: 1, returnDeadline: null });
    expect(paid.entry).toEqual({ event: 'paid', actor: 'buyer', fromStatus: null, toStatus: 1, days: null, at: 100 });
    expect(codeOf(() => payOrder(paid.state, 101))).toBe('10100005');
  });

  it('starts the return period when shipping and keeps it on later moves', () => {
    const shipped = moveOrder({ status: 1, returnDeadline: null }, 'ship', 'merchant', 1000);
    expect(shipped.state).toEqual({ status: 2, returnDeadline: 1000 + ORDER_LIMITS.returnPeriodDays * DAY_SECONDS });
    expect(shipped.entry).toMatchObject({ event: 'ship', actor: 'merchant', fromStatus: 1, toStatus: 2 });
    const delivered = moveOrder(shipped.state, 'deliver', 'system', 2000);
    expect(delivered.state.returnDeadline).toBe(shipped.state.returnDeadline);
  });

  it('refuses what the ORDER machine refuses: wrong status or wrong actor (10100005)', () => {
    expect(codeOf(() => moveOrder({ status: 2, returnDeadline: 1 }, 'ship', 'merchant', 1))).toBe('10100005');
    expect(codeOf(() => moveOrder({ status: 1, returnDeadline: null }, 'ship', 'buyer', 1))).toBe('10100005');
    expect(codeOf(() => moveOrder({ status: 1, returnDeadline: null }, 'withdraw', 'merchant', 1))).toBe('10100005');
    expect(codeOf(() => moveOrder({ status: UNPAID_ORDER_STATUS, returnDeadline: null }, 'ship', 'merchant', 1))).toBe('10100005');
    expect(codeOf(() => nextShipmentStatus(1, 'deliver', 'system'))).toBe('10100005');
    expect(nextShipmentStatus(1, 'pickUp', 'system')).toBe(2);
  });

  it('extends the return period only in statuses 2 and 3, from now when it has passed', () => {
    expect(extendReturnPeriod({ status: 2, returnDeadline: 5000 }, 3, 1000).state.returnDeadline).toBe(5000 + 3 * DAY_SECONDS);
    expect(extendReturnPeriod({ status: 3, returnDeadline: 500 }, 1, 1000).state.returnDeadline).toBe(1000 + DAY_SECONDS);
    expect(extendReturnPeriod({ status: 2, returnDeadline: 5000 }, 3, 1000).entry).toMatchObject({ event: 'extendReturnPeriod', fromStatus: 2, toStatus: 2, days: 3 });
    for (const status of [1, 4, 5, 6]) expect(codeOf(() => extendReturnPeriod({ status, returnDeadline: 5000 }, 3, 1000))).toBe('10100005');
  });

  it('offers the merchant only the machine events of the status', () => {
    expect(merchantActions(1)).toEqual(['ship']);
    for (const status of [2, 3, 4, 5, 6]) expect(merchantActions(status)).toEqual([]);
  });
});

describe('priceOrder', () => {
  const sku = (skuId: number, priceCents: number, service = false): OrderableSku => ({
    goodsId: 10,
    skuId,
    title: 'Sofa',
    specValues: { Seats: '3', Colour: 'grey' },
    imageUrl: '/x.png',
    imageFileId: 7,
    priceCents,
    service,
    categoryId: null,
  });

  it('prices lines at the SKU price and marks service orders', () => {
    const skus = new Map([
      [1, sku(1, 1999)],
      [2, sku(2, 500, true)],
    ]);
    const plain = priceOrder([{ skuId: 1, quantity: 3 }], skus);
    expect([plain.amountCents, plain.itemCount, plain.serviceOrder]).toEqual([5997, 3, false]);
    expect(plain.items[0]?.specText).toBe('Seats: 3; Colour: grey');
    expect(plain.items[0]?.imageFileId).toBe(7);
    expect(priceOrder([{ skuId: 1, quantity: 1 }, { skuId: 2, quantity: 2 }], skus)).toMatchObject({ amountCents: 2999, itemCount: 3, serviceOrder: true });
    expect(priceOrder([{ skuId: 1, quantity: 1, withService: true }], skus).serviceOrder).toBe(true);
    expect(codeOf(() => priceOrder([{ skuId: 3, quantity: 1 }], skus))).toBe('10100004');
  });
});

describe('demo order simulator switch', () => {
  it('is on only when DEMO_ORDER_SIMULATOR is set and not 0, never in production', () => {
    expect(simulatorSettings({})).toBeUndefined();
    expect(simulatorSettings({ DEMO_ORDER_SIMULATOR: '0' })).toBeUndefined();
    expect(simulatorSettings({ DEMO_ORDER_SIMULATOR: '1', NODE_ENV: 'production' })).toBeUndefined();
    expect(simulatorSettings({ DEMO_ORDER_SIMULATOR: '1' })).toEqual({ intervalSeconds: DEFAULT_SIMULATOR_INTERVAL_SECONDS });
    expect(simulatorSettings({ DEMO_ORDER_SIMULATOR: '1', DEMO_ORDER_SIMULATOR_INTERVAL_SECONDS: '30' })).toEqual({ intervalSeconds: 30 });
    expect(simulatorSettings({ DEMO_ORDER_SIMULATOR: '1', DEMO_ORDER_SIMULATOR_INTERVAL_SECONDS: '1' })).toEqual({ intervalSeconds: DEFAULT_SIMULATOR_INTERVAL_SECONDS });
  });

  it('places orders in the demo store', () => expect(SIMULATED_STORE_ID).toBe(DEMO_STORE.id));
});
