import { STORE_STATUS, STORE_STATUS_LABELS, labelOf } from '@merchant/api-contracts';
import type { Updateable } from 'kysely';
import type { StoreTable } from '../../db/schema';
import { STORE_CODES, StoreError } from '../../shared/store-error';
import { systemClock, type Clock } from '../../shared/clock';
import { BrandApplicationsRepository, BrandApplicationsService } from '../brands';
import { GoodsRepository, GoodsService } from '../goods';
import type { OperatorRepository, OperatorStoreView } from './operator.repository';
import { DeregistrationRepository, DeregistrationService } from '../deregistration';
import type { StoreInfoChangeService } from '../account';
import type { BrandOperatorCommand, GoodsOperatorCommand, LogoutOperatorCommand, OperatorAction, OperatorCommand, ProfileOperatorCommand } from './operator.schemas';

interface Transition {
  /** Statuses the action may start from (console-spec §4 states; the transitions are our design). */
  from: readonly number[];
  to: number;
  values(reason: string | undefined): Updateable<StoreTable>;
}

/**
 * approve: under review → approved; reject: under review → rejected with the reason the merchant sees;
 * disable: approved (or disabled, to change the reason) → disabled with forbiddenReason; enable: disabled → approved.
 */
const TRANSITIONS: Record<OperatorAction, Transition> = {
  approve: { from: [STORE_STATUS.underReview], to: STORE_STATUS.approved, values: () => ({ reject_reason: null }) },
  reject: { from: [STORE_STATUS.underReview], to: STORE_STATUS.rejected, values: (reason) => ({ reject_reason: reason ?? null }) },
  disable: { from: [STORE_STATUS.approved, STORE_STATUS.disabled], to: STORE_STATUS.disabled, values: (reason) => ({ forbidden_reason: reason ?? null }) },
  enable: { from: [STORE_STATUS.disabled], to: STORE_STATUS.approved, values: () => ({ forbidden_reason: null }) },
};

export class OperatorService {
  private readonly goods: GoodsService;
  private readonly brands: BrandApplicationsService;
  private readonly deregistration: DeregistrationService;

  /** Goods and brand decisions go through the goods and brands modules' own services (their public faces). */
  constructor(
    private readonly stores: OperatorRepository,
    goods?: GoodsService,
    clock: Clock = systemClock,
    /** The shop profile's reviewed changes (issue 26 §1); the store modules hand it in. */
    private readonly storeInfoChanges?: StoreInfoChangeService,
    brands?: BrandApplicationsService,
  ) {
    this.goods = goods ?? new GoodsService(new GoodsRepository(stores.db));
    this.brands = brands ?? new BrandApplicationsService(new BrandApplicationsRepository(stores.db), clock);
    this.deregistration = new DeregistrationService(new DeregistrationRepository(stores.db), clock);
  }

  /** logout-approve / logout-reject: only pending requests; approval closes the store (docs/merchant-centre.md). */
  reviewLogout(command: LogoutOperatorCommand) {
    return this.deregistration.decide(command.requestId, command.action, command.reason);
  }

  /** profile-approve / profile-reject: only pending shop-profile changes; approval writes them into the store. */
  reviewStoreInfoChange(command: ProfileOperatorCommand) {
    if (!this.storeInfoChanges) throw new StoreError(STORE_CODES.notFound, 'shop-profile changes are not served here');
    return this.storeInfoChanges.decide(command.changeId, command.action, command.reason);
  }

  /** brand-review / brand-approve / brand-reject: BRAND_MACHINE's platform moves (approve and reject take a submitted one under review first). */
  reviewBrand(command: BrandOperatorCommand) {
    return this.brands.review(command.applicationId, command.action, command.reason);
  }

  /** goods-approve / goods-reject: only goods under review; approval keeps a snapshot (docs/goods.md). */
  reviewGoods(command: GoodsOperatorCommand) {
    return this.goods.review(command.goodsId, command.action, command.reason);
  }

  async run(command: OperatorCommand): Promise<OperatorStoreView> {
    const transition = TRANSITIONS[command.action];
    const store = await this.stores.findStore(command.storeId);
    if (!store) throw new StoreError(STORE_CODES.notFound, `store ${command.storeId} not found`);
    const refuse = () =>
      new StoreError(
        STORE_CODES.notAllowedInCurrentState,
        `cannot ${command.action} store ${command.storeId}: it is ${labelOf(STORE_STATUS_LABELS, store.storeStatus, 'en-US')}`,
      );
    if (!transition.from.includes(store.storeStatus)) throw refuse();
    const changed = await this.stores.transition(command.storeId, transition.from, { store_status: transition.to, ...transition.values(command.reason) });
    if (!changed) throw refuse();
    return (await this.stores.findStore(command.storeId)) as OperatorStoreView;
  }
}
