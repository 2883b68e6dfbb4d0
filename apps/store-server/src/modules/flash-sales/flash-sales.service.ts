import {
  FLASH_SALE_ORDER_STATE,
  FLASH_SALE_STATE,
  ORDER_LIMITS,
  describeRuleProblem,
  skuSpecText,
  type EndpointAnswer,
  type EndpointParsedBiz,
  type RuleProblem,
  type flashSaleEndpoints,
  type SupportedLanguage,
} from '@merchant/api-contracts';
import { maskPhone } from '@merchant/ui-kit/format';
import type { Caller } from '../../http/route';
import { addSeconds, epochSecondsOf, type Clock } from '../../shared/clock';
import { STORE_CODES, StoreError, text } from '../../shared/store-error';
import type { UnitOfWork } from '../../shared/unit-of-work';
import { skuFloors } from '../goods';
import { checkPromotionPrices, marginFieldProblems } from '../marketing';
import type { OrdersFacade, PlaceOrderInput } from '../orders';
import { FlashSalesRepository, type SaleRow, type SaleSettings } from './flash-sales.repository';
import { phaseOf, slotAt } from './flash-sales.slots';

type Api = typeof flashSaleEndpoints;
export type FlashSaleView = EndpointAnswer<Api['addFlashSale']>;
type SaleBiz = EndpointParsedBiz<Api['addFlashSale']>;

/** What a buyer sends to buy in a sale: an order's input plus the sale (modules/flash-sales/flash-sales.buyer.ts). */
export type FlashSaleBuyInput = PlaceOrderInput & { saleId: number };

/** The orders facade calls a sale makes, each on the sale's own transaction. */
export type SaleOrders = Pick<OrdersFacade, 'place' | 'closeUnpaid'>;

/** The floor unit price per SKU the merchant set (the margin guard): by default the goods module's, on the sale's transaction. */
export type FloorPrices = (unit: UnitOfWork, storeId: number, skuIds: readonly number[]) => Promise<ReadonlyMap<number, number>>;
const goodsFloors: FloorPrices = (unit, storeId, skuIds) => skuFloors(unit, storeId, skuIds);

const saleNotFound = () => new StoreError(STORE_CODES.notFound, text('限时购活动不存在', 'time-limited sale not found'));
const notAllowed = (zh: string, en: string) => new StoreError(STORE_CODES.notAllowedInCurrentState, text(zh, en));

/** 10100001 with one problem per field, each described in both languages. */
function invalidFields(problems: Array<{ field: string; problem: RuleProblem }>): StoreError {
  const describe = (language: 'zh-CN' | 'en-US') => problems.map((p) => describeRuleProblem(p.problem, p.field, language)).join('; ');
  return new StoreError(STORE_CODES.invalidParameter, text(describe('zh-CN'), describe('en-US')), { problems });
}

const seconds = (date: Date) => epochSecondsOf(date);
const settingsOf = (biz: SaleBiz): SaleSettings => ({
  name: biz.name,
  startAt: new Date(biz.startTime * 1000),
  endAt: new Date(biz.endTime * 1000),
  slots: [...biz.slots].sort((a, b) => a.startMinute - b.startMinute).map((s) => ({ startMinute: s.startMinute, endMinute: s.endMinute })),
  perBuyerLimit: biz.perBuyerLimit,
});

function saleView(row: SaleRow, now: number): FlashSaleView {
  const times = { startTime: seconds(row.start_at), endTime: seconds(row.end_at), slots: row.slots };
  const phase = phaseOf(row.state, times, now);
  return {
    saleId: row.id,
    name: row.name,
    ...times,
    slots: row.slots.map((s) => ({ startMinute: s.startMinute, endMinute: s.endMinute })),
    perBuyerLimit: row.per_buyer_limit,
    state: row.state as FlashSaleView['state'],
    phase,
    slot: phase === 1 || phase === 2 ? slotAt(times, now) : null,
    skuCount: Number(row.sku_count ?? 0),
    stockLeft: Number(row.stock_left ?? 0),
    sold: Number(row.sold ?? 0),
    createTime: seconds(row.created_at),
    serverTime: now,
  };
}

/**
 * Issue 28 §3, time-limited sales (docs/marketing.md "Time-limited sales"): the merchant's sales, the buyers'
 * purchases and the release of what an unpaid order held. The limits are the database's (migration 0030): a
 * purchase takes each SKU's activity stock by a conditional UPDATE and the buyer's units by a conditional
 * upsert, then places the order through the orders facade, all in one transaction, so a refusal at any step
 * takes nothing.
 */
export class FlashSalesService {
  constructor(
    private readonly repository: FlashSalesRepository,
    private readonly orders: SaleOrders,
    private readonly clock: Clock,
    private readonly floors: FloorPrices = goodsFloors,
  ) {}

  private now(): number {
    return epochSecondsOf(this.clock.now());
  }

  // --- the merchant's sales ----------------------------------------------------------------------

  async list(caller: Caller, biz: EndpointParsedBiz<Api['flashSaleList']>): Promise<EndpointAnswer<Api['flashSaleList']>> {
    const now = this.clock.now();
    const { total, rows } = await this.repository.listSales(caller.storeId, { phase: biz.phase, name: biz.name, now, offset: (biz.pageNum - 1) * biz.pageSize, limit: biz.pageSize });
    return { pageNum: biz.pageNum, pageSize: biz.pageSize, total, list: rows.map((row) => saleView(row, epochSecondsOf(now))) };
  }

  async add(caller: Caller, biz: SaleBiz): Promise<FlashSaleView> {
    const saleId = await this.repository.transaction(async (repository, unit) => {
      await this.checkSkus(repository, unit, caller.storeId, biz.skus);
      const { id } = await repository.insertSale(caller.storeId, settingsOf(biz), this.clock.now());
      await repository.setSkus(id, caller.storeId, biz.skus);
      return id;
    });
    return this.view(caller.storeId, saleId);
  }

  /** A sale that has not ended nor been stopped: new settings; no SKU's stock below what it sold, no sold SKU removed. */
  async edit(caller: Caller, biz: EndpointParsedBiz<Api['editFlashSale']>): Promise<FlashSaleView> {
    await this.repository.transaction(async (repository, unit) => {
      const sale = await repository.findSale(caller.storeId, biz.saleId);
      if (!sale) throw saleNotFound();
      if (sale.state === FLASH_SALE_STATE.stopped) throw notAllowed('活动已停止，不能编辑', 'the sale is stopped: it cannot be edited');
      if (sale.end_at <= this.clock.now()) throw notAllowed('活动已结束，不能编辑', 'the sale has ended: it cannot be edited');
      await this.checkSkus(repository, unit, caller.storeId, biz.skus);
      await repository.updateSale(caller.storeId, biz.saleId, settingsOf(biz), this.clock.now());
      const kept = await repository.removeSkusExcept(biz.saleId, biz.skus.map((sku) => sku.skuId));
      if (kept.length > 0) throw invalidFields([{ field: 'skus', problem: { rule: 'invalid' } }]);
      const refused = await repository.setSkus(biz.saleId, caller.storeId, biz.skus);
      if (refused.length > 0) {
        const sold = new Map((await repository.saleSkus(biz.saleId)).map((sku) => [sku.sku_id, sku.sold]));
        throw invalidFields(
          refused.map((skuId) => ({ field: `skus.${biz.skus.findIndex((sku) => sku.skuId === skuId)}.stock`, problem: { rule: 'min' as const, limit: sold.get(skuId) ?? 0 } })),
        );
      }
    });
    return this.view(caller.storeId, biz.saleId);
  }

  /** The sale and its SKUs, each SKU's spec by its labels in `language` (issue 35 §8, docs/goods.md). */
  async details(caller: Caller, saleId: number, language: SupportedLanguage = 'en-US'): Promise<EndpointAnswer<Api['flashSaleDetails']>> {
    const sale = await this.repository.findSale(caller.storeId, saleId);
    if (!sale) throw saleNotFound();
    const skus = await this.repository.withSpecLabelsIn(
      (await this.repository.saleSkus(saleId)).map((sku) => ({ ...sku, goodsId: sku.goods_id, specValues: sku.spec_values ?? {} })),
      language,
    );
    return {
      sale: saleView(sale, this.now()),
      skus: skus.map((sku) => ({
        skuId: sku.sku_id,
        goodsId: sku.goods_id,
        title: sku.title,
        specText: skuSpecText(sku, language),
        listPriceCents: sku.list_price_cents,
        priceCents: sku.price_cents,
        stock: sku.stock + sku.sold,
        stockLeft: sku.stock,
        sold: sku.sold,
      })),
    };
  }

  async stop(caller: Caller, saleId: number): Promise<FlashSaleView> {
    const sale = await this.repository.findSale(caller.storeId, saleId);
    if (!sale) throw saleNotFound();
    await this.repository.stopSale(caller.storeId, saleId, this.clock.now());
    return this.view(caller.storeId, saleId);
  }

  async orderList(caller: Caller, biz: EndpointParsedBiz<Api['flashSaleOrders']>): Promise<EndpointAnswer<Api['flashSaleOrders']>> {
    if (!(await this.repository.findSale(caller.storeId, biz.saleId))) throw saleNotFound();
    const { total, rows } = await this.repository.saleOrders(biz.saleId, { state: biz.state, offset: (biz.pageNum - 1) * biz.pageSize, limit: biz.pageSize });
    return {
      pageNum: biz.pageNum,
      pageSize: biz.pageSize,
      total,
      list: rows.map((row) => ({
        orderId: row.order_id,
        orderNo: row.order_no,
        buyerAccid: row.buyer_accid,
        buyerName: row.buyer_name,
        buyerPhone: maskPhone(row.buyer_phone),
        units: row.units,
        amountCents: Number(row.amount_cents),
        orderStatus: row.status,
        state: (row.state === FLASH_SALE_ORDER_STATE.reserved && row.status !== 0 ? FLASH_SALE_ORDER_STATE.paid : row.state) as 1 | 2 | 3,
        createTime: seconds(row.created_at),
      })),
    };
  }

  // --- buying ------------------------------------------------------------------------------------

  /**
   * A buyer's purchase inside a slot: each SKU's activity stock (in SKU order, so two purchases lock rows in the
   * same order), then the buyer's units within the limit, then the order through the orders facade at the
   * sale's prices, and the sale's record of it, in one transaction.
   */
  async buy(input: FlashSaleBuyInput): Promise<{ orderId: number; orderNo: string; status: number; amountCents: number }> {
    const now = this.now();
    const sale = await this.repository.findSale(input.storeId, input.saleId);
    if (!sale) throw saleNotFound();
    if (sale.state === FLASH_SALE_STATE.stopped) throw notAllowed('活动已停止', 'the sale is stopped');
    const slot = slotAt({ startTime: seconds(sale.start_at), endTime: seconds(sale.end_at), slots: sale.slots }, now);
    if (!slot?.current) throw notAllowed('不在活动时段内', 'the sale is not in one of its time slots now');
    const prices = new Map((await this.repository.saleSkus(sale.id)).map((sku) => [sku.sku_id, sku.price_cents]));
    const outside = input.items.filter((item) => !prices.has(item.skuId)).map((item) => item.skuId);
    if (outside.length > 0) throw new StoreError(STORE_CODES.notFound, text(`商品规格不在活动中：${outside.join('、')}`, `SKU not in the sale: ${outside.join(', ')}`));
    const items = [...input.items].sort((a, b) => a.skuId - b.skuId);
    const units = items.reduce((sum, item) => sum + item.quantity, 0);
    const { saleId, ...order } = input;
    return this.repository.transaction(async (repository, unit) => {
      for (const item of items) {
        if (!(await repository.takeStock(saleId, item.skuId, item.quantity))) throw notAllowed(`商品规格 ${item.skuId} 已售罄`, `SKU ${item.skuId} is sold out`);
      }
      if (!(await repository.takeForBuyer(saleId, input.buyerAccid, units, sale.per_buyer_limit))) {
        throw notAllowed(`已达每人限购 ${sale.per_buyer_limit} 件`, `the buyer's limit of ${sale.per_buyer_limit} units is reached`);
      }
      const placed = await this.orders.place(unit, { ...order, items }, { kind: 'sale', activityId: saleId, unitCents: prices });
      await repository.insertOrder({ orderId: placed.orderId, saleId, storeId: input.storeId, buyerAccid: input.buyerAccid, lines: items, at: this.clock.now() });
      return placed;
    });
  }

  // --- release of unpaid orders ------------------------------------------------------------------

  /**
   * The sweeper's round: each reserved order placed more than ORDER_LIMITS.unpaidMinutes ago, in its own
   * transaction, moves out of reserved by compare-and-swap (a concurrent round finds it gone and does nothing),
   * then the orders facade closes it if still unpaid; only then do its stock and the buyer's units come back.
   */
  async releaseExpired(batch = 100): Promise<{ released: number; paid: number }> {
    const now = this.clock.now();
    const at = epochSecondsOf(now);
    const due = await this.repository.reservedBefore(addSeconds(now, -ORDER_LIMITS.unpaidMinutes * 60), batch);
    const counts = { released: 0, paid: 0 };
    for (const { order_id: orderId } of due) {
      const outcome = await this.repository.transaction(async (repository, unit) => {
        const record = await repository.settleReserved(orderId, FLASH_SALE_ORDER_STATE.released, now);
        if (!record) return 'gone' as const;
        if (!(await this.orders.closeUnpaid(unit, record.store_id, orderId, at))) {
          await repository.setOrderState(orderId, FLASH_SALE_ORDER_STATE.paid, now);
          return 'paid' as const;
        }
        for (const line of await repository.orderLines(orderId)) await repository.giveBackStock(record.sale_id, line.sku_id, line.quantity);
        await repository.giveBackToBuyer(record.sale_id, record.buyer_accid, record.units);
        return 'released' as const;
      });
      if (outcome !== 'gone') counts[outcome]++;
    }
    return counts;
  }

  // --- the pieces --------------------------------------------------------------------------------

  private async view(storeId: number, saleId: number): Promise<FlashSaleView> {
    const row = await this.repository.findSale(storeId, saleId);
    if (!row) throw saleNotFound();
    return saleView(row, this.now());
  }

  /** SKUs must be this store's (10100004 naming the others); prices at most the list price and at least the floor (10100001 on the field). */
  private async checkSkus(repository: FlashSalesRepository, unit: UnitOfWork, storeId: number, skus: SaleBiz['skus']): Promise<void> {
    const ids = skus.map((sku) => sku.skuId);
    const found = new Map((await repository.storeSkus(storeId, ids)).map((row) => [row.id, row.price_cents]));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) throw new StoreError(STORE_CODES.notFound, text(`商品规格不存在：${missing.join('、')}`, `SKU not found: ${missing.join(', ')}`));
    const problems: Array<{ field: string; problem: RuleProblem }> = [];
    skus.forEach((sku, index) => {
      const list = found.get(sku.skuId)!;
      if (sku.priceCents > list) problems.push({ field: `skus.${index}.priceCents`, problem: { rule: 'max', limit: list } });
    });
    const refusal = checkPromotionPrices(new Map(skus.map((sku) => [sku.skuId, sku.priceCents])), await this.floors(unit, storeId, ids));
    problems.push(...marginFieldProblems(refusal, (skuId) => `skus.${skus.findIndex((sku) => sku.skuId === skuId)}.priceCents`));
    if (problems.length > 0) throw invalidFields(problems);
  }
}
