import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { StoreServerConfig } from '../config';
import type { StoreDatabase } from '../db/schema';
import type { StoreRoute } from '../http/route';
import { CaptchaService } from '../shared/captcha';
import { CheckCodeService, type CheckCodeDelivery } from '../shared/check-codes';
import type { Clock } from '../shared/clock';
import { RateLimiter } from '../shared/rate-limiter';
import { AuthRepository } from './auth/auth.repository';
import { authRoutes } from './auth/auth.routes';
import { AuthService } from './auth/auth.service';
import { AccountRepository } from './account/account.repository';
import { accountRoutes } from './account/account.routes';
import { AccountService } from './account/account.service';
import { SettlementRepository } from './account/settlement.repository';
import { settlementRoutes } from './account/settlement.routes';
import { SettlementService } from './account/settlement.service';
import { StoreInfoChangeRepository } from './account/store-info-changes.repository';
import { storeInfoChangeRoutes } from './account/store-info-changes.routes';
import { StoreInfoChangeService } from './account/store-info-changes.service';
import { CommonRepository } from './common/common.repository';
import { commonRoutes } from './common/common.routes';
import { CommonService } from './common/common.service';
import { DeregistrationRepository } from './deregistration/deregistration.repository';
import { deregistrationRoutes } from './deregistration/deregistration.routes';
import { DeregistrationService } from './deregistration/deregistration.service';
import { ImRepository } from './im/im.repository';
import { imRoutes } from './im/im.routes';
import { ImService } from './im/im.service';
import { exportsModule } from './exports';
import { brandsModule } from './brands';
import { goodsModule } from './goods';
import { inventoryModule } from './inventory';
import { createMediaModule } from './media';
import { PayRepository } from './pay/pay.repository';
import { payRoutes } from './pay/pay.routes';
import { PayService } from './pay/pay.service';
import { OperatorRepository } from './operator/operator.repository';
import { activityOperatorRoutes, operatorRoutes } from './operator/operator.routes';
import { OperatorService } from './operator/operator.service';
import { ordersModule, unpaidSweepSeconds } from './orders';
import { afterSalesModule } from './after-sales';
import { notificationsModule } from './notifications';
import { staffModule } from './staff';
import { couponsModule } from './coupons';
import { freightModule } from './freight';
import { cartageModule } from './cartage';
import { flashSalesModule } from './flash-sales';
import { groupBuysModule } from './group-buys';
import { activitiesModule } from './activities';
import { promotionSimulatorModule } from './promotion-simulator';
import { providerDeliveryModule } from './provider-delivery';
import { afterSaleTemplatesModule } from './after-sale-templates';
import { deliveryRangeModule } from './delivery-range';
import { sandboxProviderModule } from './sandbox-provider';
import { providerPayoutGateway, walletModule } from './wallet';
import { depositModule, providerPaymentGateway } from './deposit';
import { OPERATOR_KEY_HEADER } from './operator/operator.schemas';
import { tradeModule } from './trade';
import { dashboardModule } from './dashboard';
import { statementsModule } from './statements';
import { quickRepliesModule } from './quick-replies';
import { supportDeskModule } from './support-desk';

export interface ModuleDependencies {
  db: Kysely<StoreDatabase>;
  clock: Clock;
  config: StoreServerConfig;
  checkCodeDelivery: CheckCodeDelivery;
}

/** Wires services to repositories and collects every route of console-spec §7 that store-server answers. */
export function buildStoreModules({ db, clock, config, checkCodeDelivery }: ModuleDependencies) {
  const rateLimiter = new RateLimiter(db, clock);
  const captcha = new CaptchaService(db, clock);
  const checkCodes = new CheckCodeService(db, clock, rateLimiter, checkCodeDelivery);
  const authRepository = new AuthRepository(db);
  const auth = new AuthService(authRepository, clock, rateLimiter, captcha, checkCodes);

  const media = createMediaModule({ db, clock, dataDir: config.dataDir });
  const brands = brandsModule({ db, media: media.fileUrls, clock });
  const goods = goodsModule({ db, media: media.fileUrls, brands: brands.facade });
  const account = new AccountService(new AccountRepository(db), auth, checkCodes, clock, goods.facade, brands.facade);
  const storeInfoChanges = new StoreInfoChangeService(new StoreInfoChangeRepository(db), account, clock);
  const pay = new PayService(new PayRepository(db), checkCodes, rateLimiter);
  const settlement = new SettlementService(new SettlementRepository(db), checkCodes, { check: (caller, payPassword) => pay.check(caller, payPassword) }, clock);
  const common = new CommonService(new CommonRepository(db));
  const im = new ImService(new ImRepository(db), { imTokenSecret: config.imTokenSecret, imAppKey: config.imAppKey }, media.fileUrls);

  // Coupons before orders: placement uses a buyer's coupon, and a whole-order refund gives it back.
  const coupons = couponsModule({ db, clock, buyerKey: config.buyerKey });
  const activities = activitiesModule({ db, clock });
  const instanceId = config.instanceId ?? `${hostname()}-${process.pid}`;
  const orders = ordersModule({ db, clock, buyerKey: config.buyerKey, media: media.fileUrls, coupons: coupons.facade, instanceId });
  const afterSales = afterSalesModule({ db, clock, buyerKey: config.buyerKey, operatorKey: config.operatorKey, coupons: coupons.facade });
  const notifications = notificationsModule({ db, clock, orderEvents: orders.events, ticketSecret: config.imTokenSecret, listenUrl: config.databaseUrl });

  const groupBuys = groupBuysModule({ db, clock, orders: orders.facade, emitPaid: (event) => orders.events.emitPaid(event), buyerKey: config.buyerKey });
  const flashSales = flashSalesModule({ db, clock, orders: orders.facade, buyerKey: config.buyerKey, sweepSeconds: unpaidSweepSeconds(process.env) });
  // The demo store's buyers use the promotions while the development stack runs (DEMO_ORDER_SIMULATOR).
  const promotionSimulator = promotionSimulatorModule({
    db,
    clock,
    promotions: { coupons: coupons.service, orders: orders.buyer, groupBuys: groupBuys.service, flashSales: flashSales.service },
    instanceId,
  });

  // Top-ups and withdrawals reach it over HTTP; its callbacks come back to this server (docs/ledger.md).
  const sandboxProvider = sandboxProviderModule({ db, clock, secret: config.sandboxProviderSecret, delayMs: config.sandboxProviderDelayMs });
  // Issue 29: withdrawals on the double-entry ledger; the provider's payout callback posts or voids their freeze.
  const settlementCards = new SettlementRepository(db);
  const wallet = walletModule({
    db,
    clock,
    payPassword: { check: (caller, payPassword) => pay.check(caller, payPassword) },
    cards: settlement,
    payouts: providerPayoutGateway(sandboxProvider.client),
    cardOf: async (storeId) => (await settlementCards.findCard(storeId))?.card_number,
    conditions: {
      settlementAccount: async (caller, language) => {
        const account = await settlement.account(caller, language);
        return { card: account.card && { bankCode: account.card.bankCode, bankName: account.card.bankName, cardNumber: account.card.cardNumber, accountName: account.card.accountName }, withdrawalPausedUntil: account.withdrawalPausedUntil };
      },
      payPasswordState: (caller) => pay.passwordState(caller),
    },
    operatorKey: config.operatorKey,
    operatorKeyHeader: OPERATOR_KEY_HEADER,
    testHooks: config.enableTestHooks,
    testHookRoutes: config.enableTestHooks && !config.production,
  });
  sandboxProvider.callbacks.on('payout', (event, trx) => wallet.onPayoutOutcome(event, trx));
  // Issue 29 deposit: top-ups paid through the provider (its payment callback posts them once) and wallet/deposit moves.
  const deposit = depositModule({ db, clock, payPassword: { check: (caller, payPassword) => pay.check(caller, payPassword) }, payments: providerPaymentGateway(sandboxProvider.client) });
  sandboxProvider.callbacks.on('payment', (event, trx) => deposit.onPaymentOutcome(event, trx));

  const exports = exportsModule({ db, clock, dataDir: config.dataDir, permissionsOf: (caller) => auth.permissionsOf(caller) });

  const routes: StoreRoute[] = [
    ...authRoutes(auth, captcha, media.fileUrls),
    ...accountRoutes(account, media.fileUrls),
    ...settlementRoutes(settlement),
    ...storeInfoChangeRoutes(storeInfoChanges, media.fileUrls),
    ...payRoutes(pay, auth),
    ...commonRoutes(common),
    ...deregistrationRoutes(new DeregistrationService(new DeregistrationRepository(db), clock, auth)),
    ...imRoutes(im),
    ...media.routes,
    ...goods.routes,
    ...brands.routes,
    ...inventoryModule({ db }),
    ...exports.routes,
    ...orders.routes,
    ...afterSales.routes,
    ...notifications.routes,
    ...groupBuys.routes,
    ...staffModule({ db, auth, clock }).routes,
    ...coupons.routes,
    ...freightModule({ db, clock }).routes,
    ...cartageModule({ db, clock }).routes,
    ...activities.routes,
    ...activityOperatorRoutes(activities.operator, config.operatorKey),
    ...flashSales.routes,
    ...providerDeliveryModule({ db, clock, operatorKey: config.operatorKey }).routes,
    ...afterSaleTemplatesModule({ db, clock }).routes,
    ...deliveryRangeModule({ db, clock }).routes,
    ...promotionSimulator.routes,
    ...sandboxProvider.routes,
    ...wallet.routes,
    ...deposit.routes,
    ...tradeModule({ db }).routes,
    ...dashboardModule({ db }).routes,
    ...statementsModule({ db, clock }).routes,
    ...quickRepliesModule({ db, clock }).routes,
    ...supportDeskModule({ db }).routes,
    ...operatorRoutes(new OperatorService(new OperatorRepository(db), goods.service, clock, storeInfoChanges, brands.service), config.operatorKey),
  ];
  return { routes, auth, captcha, checkCodes, rateLimiter, authRepository, exports: exports.service, sandboxProvider };
}
