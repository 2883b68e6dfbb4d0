import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import { epochSecondsOf, type Clock } from '../../shared/clock';
import { DEMO_ADDRESSES, DEMO_BUYERS, demoSkuIds, ordersModule } from '../orders';
import { FlashSalesRepository } from './flash-sales.repository';
import { FlashSalesService } from './flash-sales.service';
import { storeMidnight } from './flash-sales.slots';

// Demo time-limited sales (docs/marketing.md "Time-limited sales") on the demo store: one running now in an
// all-day slot, so `npm start` always shows it live, with units sold to the demo buyers through the same
// purchase the buyer side makes (one order still awaiting payment); one upcoming with two daily slots; one
// ended, whose orders were placed and paid in its slot.

const DAY_SECONDS = 24 * 60 * 60;

/** The demo sales' names, for tests that find them. */
export const DEMO_FLASH_SALE_NAMES = { running: '全天秒杀 · 瓷砖专场', upcoming: '周末限时购', ended: '双十二限时购' } as const;

/** The demo orders the seed places through the sales (all status 1 once paid; the unpaid one is status 0), for the demo order counts. */
export const DEMO_FLASH_SALE_ORDERS = { paid: 6, unpaid: 1 } as const;

const TWO_SLOTS = [
  { startMinute: 10 * 60, endMinute: 12 * 60 },
  { startMinute: 20 * 60, endMinute: 22 * 60 },
];

export async function seedDemoFlashSales(db: Kysely<StoreDatabase>, clock: Clock, storeId: number): Promise<void> {
  const existing = await db.selectFrom('store_flash_sale').select('id').where('store_id', '=', storeId).executeTakeFirst();
  if (existing) return;
  const skuIds = await demoSkuIds(db, storeId, 3);
  if (skuIds.length === 0) return;
  const skus = await db.selectFrom('store_goods_sku').select(['id', 'price_cents']).where('id', 'in', skuIds).orderBy('id').execute();
  const at = (price: number) => Math.max(1, Math.round(price * 0.8));
  const repository = new FlashSalesRepository(db);
  const now = epochSecondsOf(clock.now());

  const insert = async (name: string, startTime: number, endTime: number, slots: typeof TWO_SLOTS, stock: number, createdAt: number) => {
    const { id } = await repository.insertSale(
      storeId,
      { name, startAt: new Date(startTime * 1000), endAt: new Date(endTime * 1000), slots, perBuyerLimit: 3 },
      new Date(createdAt * 1000),
    );
    await repository.setSkus(id, storeId, skus.map((sku) => ({ skuId: sku.id, priceCents: at(sku.price_cents), stock })));
    return id;
  };
  const running = await insert(DEMO_FLASH_SALE_NAMES.running, now - 2 * DAY_SECONDS, now + 5 * DAY_SECONDS, [{ startMinute: 0, endMinute: 24 * 60 }], 40, now - 3 * DAY_SECONDS);
  await insert(DEMO_FLASH_SALE_NAMES.upcoming, storeMidnight(now) + 3 * DAY_SECONDS, storeMidnight(now) + 5 * DAY_SECONDS, TWO_SLOTS, 100, now - DAY_SECONDS);
  const endedStart = storeMidnight(now) - 20 * DAY_SECONDS;
  const ended = await insert(DEMO_FLASH_SALE_NAMES.ended, endedStart, endedStart + 3 * DAY_SECONDS, TWO_SLOTS, 20, endedStart - 2 * DAY_SECONDS);

  // The ended sale's orders, bought and paid at 10:30 on its first day.
  await buyAndPay(db, { now: () => new Date((endedStart + 10.5 * 60 * 60) * 1000) }, ended, storeId, skus, [2, 1, 3]);
  // The running sale: three paid orders and one awaiting payment (the sweeper closes it once its window ends).
  const paid = await buyAndPay(db, clock, running, storeId, skus, [1, 2, 1]);
  await buyAndPay(db, clock, running, storeId, skus, [1], false, paid);
}

async function buyAndPay(
  db: Kysely<StoreDatabase>,
  clock: Clock,
  saleId: number,
  storeId: number,
  skus: ReadonlyArray<{ id: number }>,
  quantities: readonly number[],
  pay = true,
  firstBuyer = 0,
): Promise<number> {
  const orders = ordersModule({ db, clock, env: {} }).facade;
  const repository = new FlashSalesRepository(db);
  const service = new FlashSalesService(repository, orders, clock);
  let index = firstBuyer;
  for (const quantity of quantities) {
    const buyer = DEMO_BUYERS[index % DEMO_BUYERS.length]!;
    const sku = skus[index % skus.length]!;
    const placed = await service.buy({
      storeId,
      saleId,
      buyerAccid: buyer.accid,
      buyerName: buyer.name,
      buyerPhone: buyer.phone,
      receiver: { name: buyer.name, phone: buyer.phone, address: DEMO_ADDRESSES[index % DEMO_ADDRESSES.length]! },
      items: [{ skuId: sku.id, quantity }],
    });
    if (pay) {
      await repository.transaction(async (own, unit) => {
        await orders.pay(unit, placed.orderId, buyer.accid, epochSecondsOf(clock.now()));
        await own.setOrderState(placed.orderId, 2, clock.now());
      });
    }
    index++;
  }
  return index;
}
