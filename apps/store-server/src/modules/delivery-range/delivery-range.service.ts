import {
  DELIVERY_RANGE_STATUS,
  deliveryRangeStatusAt,
  deliveryWindowsOverlap,
  describeRuleProblem,
  type DeliveryWindow,
  type EndpointAnswer,
  type EndpointParsedBiz,
  type RuleProblem,
  type deliveryRangeEndpoints,
} from '@merchant/api-contracts';
import type { Caller } from '../../http/route';
import { epochSecondsOf, type Clock } from '../../shared/clock';
import { STORE_CODES, StoreError, text } from '../../shared/store-error';
import type { UnitOfWork } from '../../shared/unit-of-work';
import type { DeliveryRangeRepository, RangeRow, RangeWrite, TownRow } from './delivery-range.repository';

type Api = typeof deliveryRangeEndpoints;
export type DeliveryRangeView = EndpointAnswer<Api['deliveryRangeDetails']>;
type RangeBiz = EndpointParsedBiz<Api['addDeliveryRange']>;

/** "A freight template of this store sells to this region" (the freight module's freightCovers). */
export type FreightCoverCheck = (unit: UnitOfWork, storeId: number, regionCode: string) => Promise<boolean>;

const rangeNotFound = () => new StoreError(STORE_CODES.notFound, text('配送范围不存在', 'delivery range not found'));

/** 10100001 with one problem per field, the message joining them in each language. */
function fieldErrors(problems: Array<{ field: string; problem: RuleProblem }>): StoreError {
  const describe = (language: 'zh-CN' | 'en-US') => problems.map((p) => describeRuleProblem(p.problem, p.field, language)).join('; ');
  return new StoreError(STORE_CODES.invalidParameter, text(describe('zh-CN'), describe('en-US')), { problems });
}

const windowOfRow = (row: RangeRow): DeliveryWindow => ({
  startTime: epochSecondsOf(row.start_time),
  endTime: epochSecondsOf(row.end_time),
  dailyStartMinute: row.daily_start_minute,
  dailyEndMinute: row.daily_end_minute,
});

export function rangeView(row: RangeRow, now: Date): DeliveryRangeView {
  const window = windowOfRow(row);
  return {
    rangeId: row.id,
    name: row.name,
    towns: row.towns,
    markupCents: row.markup_cents,
    ...window,
    status: deliveryRangeStatusAt(window, epochSecondsOf(now)),
    updateTime: epochSecondsOf(row.updated_at),
  };
}

const writeOf = (biz: RangeBiz): RangeWrite => ({
  name: biz.name,
  markupCents: biz.markupCents,
  startTime: new Date(biz.startTime * 1000),
  endTime: new Date(biz.endTime * 1000),
  dailyStartMinute: biz.dailyStartMinute,
  dailyEndMinute: biz.dailyEndMinute,
  sowntownIds: biz.sowntownIds,
});

/**
 * Issue 27 §5, delivery range (docs/merchant-centre.md "Delivery range"): the store's ranges, the freight-cover check
 * of its towns and whether it has a town in force. Every save runs in one transaction holding the store's advisory
 * lock, so the cover check, the overlap check and the write see the same rows and racing saves cannot both pass.
 */
export class DeliveryRangeService {
  constructor(
    private readonly repository: DeliveryRangeRepository,
    private readonly covers: FreightCoverCheck,
    private readonly clock: Clock,
  ) {}

  async list(caller: Caller, biz: EndpointParsedBiz<Api['deliveryRangeList']>): Promise<EndpointAnswer<Api['deliveryRangeList']>> {
    const now = this.clock.now();
    const status = biz.status === DELIVERY_RANGE_STATUS.effective ? 'effective' : biz.status === DELIVERY_RANGE_STATUS.pending ? 'pending' : undefined;
    const page = await this.repository.page(caller.storeId, { kind: 'current', now, ...(status ? { status } : {}) }, biz);
    return { ...page, list: page.list.map((row) => rangeView(row, now)) };
  }

  async ineffectiveList(caller: Caller, biz: EndpointParsedBiz<Api['ineffectiveDeliveryRangeList']>): Promise<EndpointAnswer<Api['ineffectiveDeliveryRangeList']>> {
    const now = this.clock.now();
    const page = await this.repository.page(caller.storeId, { kind: 'ineffective', now }, biz);
    return { ...page, list: page.list.map((row) => rangeView(row, now)) };
  }

  async details(caller: Caller, rangeId: number): Promise<DeliveryRangeView> {
    const row = await this.repository.find(caller.storeId, rangeId);
    if (!row) throw rangeNotFound();
    return rangeView(row, this.clock.now());
  }

  async add(caller: Caller, biz: RangeBiz): Promise<DeliveryRangeView> {
    const write = writeOf(biz);
    return this.repository.transaction(async (repo, unit) => {
      await repo.lockStore(caller.storeId);
      await this.checkRange(repo, unit, caller.storeId, write);
      const id = await repo.insert(caller.storeId, write, this.clock.now());
      return rangeView((await repo.find(caller.storeId, id))!, this.clock.now());
    });
  }

  /** An ineffective range is history: 10100005, nothing changed. */
  async edit(caller: Caller, biz: EndpointParsedBiz<Api['editDeliveryRange']>): Promise<DeliveryRangeView> {
    const write = writeOf(biz);
    return this.repository.transaction(async (repo, unit) => {
      await repo.lockStore(caller.storeId);
      const current = await repo.find(caller.storeId, biz.rangeId);
      if (!current) throw rangeNotFound();
      const now = this.clock.now();
      if (rangeView(current, now).status === DELIVERY_RANGE_STATUS.ineffective) throw this.ineffective(current);
      await this.checkRange(repo, unit, caller.storeId, write, biz.rangeId);
      if (!(await repo.update(caller.storeId, biz.rangeId, write, now))) throw this.ineffective(current);
      return rangeView((await repo.find(caller.storeId, biz.rangeId))!, now);
    });
  }

  /** Ends an effective range now; a pending or ineffective one answers 10100005. */
  async stop(caller: Caller, rangeId: number): Promise<DeliveryRangeView> {
    const now = this.clock.now();
    if (!(await this.repository.stop(caller.storeId, rangeId, now))) {
      const row = await this.repository.find(caller.storeId, rangeId);
      if (!row) throw rangeNotFound();
      throw new StoreError(STORE_CODES.notAllowedInCurrentState, text(`配送范围「${row.name}」不在生效中，不能停止`, `delivery range "${row.name}" is not effective, so it cannot be stopped`));
    }
    return rangeView((await this.repository.find(caller.storeId, rangeId))!, now);
  }

  /** checkSowntownSetFreightTemplate: each town with whether a freight template of the store covers its district. */
  async checkTowns(caller: Caller, sowntownIds: readonly number[]): Promise<EndpointAnswer<Api['checkSowntownSetFreightTemplate']>> {
    const towns = await this.knownTowns(this.repository, sowntownIds);
    return this.repository.transaction(async (_repo, unit) => {
      const list = [];
      for (const town of towns) list.push({ ...town, covered: await this.covers(unit, caller.storeId, town.districtCode) });
      return { list };
    });
  }

  /** existsStoreSowntown: whether the store has a town in a range in force now. */
  async storeHasTownInForce(caller: Caller): Promise<{ exists: boolean }> {
    return { exists: await this.repository.hasTownInForce(caller.storeId, this.clock.now()) };
  }

  private ineffective(row: RangeRow): StoreError {
    return new StoreError(STORE_CODES.notAllowedInCurrentState, text(`配送范围「${row.name}」已失效，不能修改`, `delivery range "${row.name}" is ineffective and cannot be changed`));
  }

  /** Every id is a town of the reference list (10100001 on sowntownIds otherwise). */
  private async knownTowns(repo: DeliveryRangeRepository, ids: readonly number[]): Promise<TownRow[]> {
    const towns = await repo.towns(ids);
    if (towns.length !== ids.length) throw fieldErrors([{ field: 'sowntownIds', problem: { rule: 'option' } }]);
    return towns;
  }

  /** The window is not over; the towns exist and a freight template covers each; no other range of the store shares a town in an overlapping window. */
  private async checkRange(repo: DeliveryRangeRepository, unit: UnitOfWork, storeId: number, write: RangeWrite, exceptRangeId?: number): Promise<void> {
    // A window already over would be saved straight into the ineffective list, where it can no longer be changed.
    if (write.endTime.getTime() < this.clock.now().getTime()) throw fieldErrors([{ field: 'endTime', problem: { rule: 'endPassed' } }]);
    const towns = await this.knownTowns(repo, write.sowntownIds);
    const uncovered: string[] = [];
    for (const town of towns) if (!(await this.covers(unit, storeId, town.districtCode))) uncovered.push(town.sowntownName);
    if (uncovered.length > 0) throw fieldErrors([{ field: 'sowntownIds', problem: { rule: 'noFreightTemplate', values: uncovered } }]);

    const window: DeliveryWindow = {
      startTime: epochSecondsOf(write.startTime),
      endTime: epochSecondsOf(write.endTime),
      dailyStartMinute: write.dailyStartMinute,
      dailyEndMinute: write.dailyEndMinute,
    };
    const asked = new Set(write.sowntownIds);
    const clash = (await repo.sharingTowns(storeId, write.sowntownIds, exceptRangeId)).find((other) => deliveryWindowsOverlap(window, windowOfRow(other)));
    if (clash) {
      const shared = clash.towns.filter((town) => asked.has(town.sowntownId)).map((town) => town.sowntownName);
      throw fieldErrors([{ field: 'sowntownIds', problem: { rule: 'rangeOverlap', values: [`${clash.name} (${shared.join(', ')})`] } }]);
    }
  }
}
