import type { Kysely } from 'kysely';
import { addSeconds, epochSecondsOf, type Clock } from '../shared/clock';
import { hashSecret } from '../shared/passwords';
import { seedDemoMedia } from '../modules/media/media.seed';
import { seedDemoAfterSales } from '../modules/after-sales/after-sales.seed';
import { seedDemoSessions } from '../modules/auth';
import type { StoreDatabase } from './schema';
import { seedDemoGoods } from './goods.seed';
import { DEMO_ORDER_COUNTS as DEMO_PLAIN_ORDER_COUNTS, seedDemoOrders } from './orders.seed';
import { seedDemoStaff } from './seed-staff';
import { seedDemoStoreInfoChange } from '../modules/account/store-info-changes.seed';
import { seedDemoCoupons } from '../modules/coupons/coupons.seed';
import { seedDemoFreightTemplates } from '../modules/freight/freight.seed';
import { seedDemoCartageTemplate } from '../modules/cartage/cartage.seed';
import { DEMO_FLASH_SALE_ORDERS, seedDemoFlashSales } from '../modules/flash-sales/flash-sales.seed';
import { seedDemoActivities } from '../modules/activities/activities.seed';
import { DEMO_GROUP_BUY_ORDER_COUNTS, seedDemoGroupBuys } from '../modules/group-buys/group-buys.seed';
import { createOrdersFacade } from '../modules/orders/orders.facade';
import { seedDemoProviderDelivery } from '../modules/provider-delivery/provider-delivery.seed';
import { seedDemoAfterSaleTemplates } from '../modules/after-sale-templates/after-sale-templates.seed';
import { seedDemoLedgerHistory } from '../modules/wallet/wallet.seed';
import { demoHistoryMonths, seedDemoStatementHistory } from '../modules/statements';
import { seedDemoDeposit } from '../modules/deposit/deposit.seed';
import { seedDemoDeliveryRanges } from '../modules/delivery-range/delivery-range.seed';
import { seedDemoQuickReplies } from '../modules/quick-replies/quick-replies.seed';

/** Demo data of docs/decisions/0001-workspace-contracts.md ("Demo data"). */
export const DEMO_STORE = {
  id: 1001,
  storeName: 'Demo Flagship Store',
  storeStatus: 2,
  storeType: 1,
  userName: 'demo_merchant',
  password: 'Demo12345',
  mobile: '13800001001',
} as const;

/** The demo store's settlement card (a valid ICBC test number; the screens show only its last 4 digits). */
export const DEMO_SETTLEMENT_CARD = { bank_code: 'ICBC', card_number: '6222021001122334482', account_name: 'Demo Merchant Co., Ltd.', branch_name: 'Shanghai Huangpu Branch' } as const;

export const DEMO_CUSTOMERS = [
  { accid: 'c_demo1', nickname: 'Alice Chen' },
  { accid: 'c_demo2', nickname: 'Bob Li' },
] as const;

const DAY_SECONDS = 24 * 60 * 60;

/**
 * The demo store's paid orders per shipping-order status once the whole seed ran: the plain demo orders and those
 * its promotions placed (group buys: members to ship and a failed team refunded; time-limited sales: paid, to ship).
 * An unpaid order is no status the store sees. The tests count these exactly.
 */
export const DEMO_ORDER_COUNTS: Readonly<Record<number, number>> = Object.fromEntries(
  Object.entries(DEMO_PLAIN_ORDER_COUNTS).map(([status, count]) => [
    Number(status),
    count + (DEMO_GROUP_BUY_ORDER_COUNTS[Number(status)] ?? 0) + (Number(status) === 1 ? DEMO_FLASH_SALE_ORDERS.paid : 0),
  ]),
);

/** Inserts the demo store, its user and the demo customers unless they exist; safe on every start. */
export async function seedDemoData(db: Kysely<StoreDatabase>, clock: Clock): Promise<void> {
  const existing = await db.selectFrom('store_store').select('id').where('id', '=', DEMO_STORE.id).executeTakeFirst();
  if (!existing) {
    const now = clock.now();
    const passwordHash = await hashSecret(DEMO_STORE.password);
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('store_store')
        .values({
          id: DEMO_STORE.id,
          store_name: DEMO_STORE.storeName,
          store_status: DEMO_STORE.storeStatus,
          store_type: DEMO_STORE.storeType,
          principal_type: 2,
          mobile: DEMO_STORE.mobile,
          email: 'demo@merchant.example',
          city_code: '310100',
          store_info: JSON.stringify({
            storeName: DEMO_STORE.storeName,
            storeType: DEMO_STORE.storeType,
            principalType: 2,
            cityCode: '310100',
            address: '1 Demo Road, Huangpu, Shanghai',
            contactName: 'Demo Owner',
            contactMobile: DEMO_STORE.mobile,
            legalPersonName: 'Demo Owner',
            licenseNumber: '91310000MA1FL0000X',
            licenseImageUrl: '/static/demo/license.png',
            categoryIds: [11, 21],
          }),
          agreement_accepted_at: now,
          agreement_version: '2026-01',
          // Licence expiring in 45 days: the dashboard shows its "about to expire" notice (console-spec §4).
          license_expires_on: addSeconds(now, 45 * DAY_SECONDS),
          brand_expires_on: addSeconds(now, 200 * DAY_SECONDS),
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      await trx
        .insertInto('store_user')
        .values({
          store_id: DEMO_STORE.id,
          username: DEMO_STORE.userName,
          password_hash: passwordHash,
          nickname: 'Demo Merchant',
          avatar_object_key: null,
        })
        .execute();
      await trx
        .insertInto('store_pay_account')
        .values({ store_id: DEMO_STORE.id, balance_cents: 1_234_500, frozen_cents: 20_000, deposit_cents: 500_000 })
        .execute();
      await trx
        .insertInto('store_category_link')
        .values([11, 21].map((category_id) => ({ store_id: DEMO_STORE.id, category_id })))
        .execute();
      await trx.insertInto('store_sowntown_link').values({ store_id: DEMO_STORE.id, sowntown_id: 1 }).execute();
      // A bound settlement card (issue 26 §2): /shop/settlement shows it masked; no withdrawal pause.
      await trx
        .insertInto('store_bank_card')
        .values({ store_id: DEMO_STORE.id, ...DEMO_SETTLEMENT_CARD, updated_at: addSeconds(now, -90 * DAY_SECONDS) })
        .execute();
    });
  }
  await seedDemoStores(db, clock);
  await seedDemoStaff(db);
  // A renewed licence waiting for the platform's review (issue 26 §1, shopMsg/shopMssage).
  await seedDemoStoreInfoChange(db, clock, DEMO_STORE.id);
  // The owner's other devices and sign-in history (issue 26 §3, accountInfo/detail).
  await seedDemoSessions(db, clock, DEMO_STORE.userName);
  await seedDemoMedia(db, clock);
  await seedDemoGoods(db, clock);
  // After the goods: two freight templates (one default) that the demo goods use.
  await seedDemoFreightTemplates(db, clock, DEMO_STORE.id);
  // The disabled store fills the release form to the end (its refusal is the server's): it needs a template to pick.
  await seedDemoFreightTemplates(db, clock, DEMO_STORES.find((store) => store.userName === 'demo_disabled')!.id);
  // After the goods: a cartage template the sofas use (issue 27 §2), and one the disabled store's release may pick.
  await seedDemoCartageTemplate(db, clock, DEMO_STORE.id);
  await seedDemoCartageTemplate(db, clock, DEMO_STORES.find((store) => store.userName === 'demo_disabled')!.id);
  // Orders are placed from the demo store's on-shelf goods, so they come after them.
  await seedDemoOrders(db, clock, DEMO_STORE.id);
  // After the orders: picks the demo orders by status (modules/after-sales/after-sales.seed.ts).
  await seedDemoAfterSales(db, clock, DEMO_STORE.id);
  // After the orders: the demo buyers claim coupons and use some in their orders.
  await seedDemoCoupons(db, clock, DEMO_STORE.id);
  // After the coupons: a running group buy with forming, formed and failed (refunded) teams, placed through the orders facade.
  await seedDemoGroupBuys(db, clock, DEMO_STORE.id, (at) => createOrdersFacade(undefined, () => epochSecondsOf(at.now())));
  // After the coupons: the demo buyers buy in the time-limited sales (one running now, in an all-day slot).
  await seedDemoFlashSales(db, clock, DEMO_STORE.id);
  // After the goods: the platform's demo campaigns and the demo store's applications (approved, pending, rejected).
  await seedDemoActivities(db, clock, DEMO_STORE.id);
  // Issue 27 §6: a running provider delivery contract (and a closed one) on the demo store.
  await seedDemoProviderDelivery(db, clock, DEMO_STORE.id);
  // Issue 27 §3: an after-sale template used by the demo store's first two goods (after the goods).
  await seedDemoAfterSaleTemplates(db, clock, DEMO_STORE.id);
  // Issue 27 §5: a delivery range in each state (effective, pending, ineffective), after the freight templates that cover its towns.
  await seedDemoDeliveryRanges(db, clock, DEMO_STORE.id);
  // Issue 29 statements: months of earlier completed orders under `npm start` (DEMO_LEDGER_HISTORY_MONTHS), before the wallet's history settles them.
  await seedDemoStatementHistory(db, clock, DEMO_STORE.id, demoHistoryMonths(process.env));
  // Issue 29: after every seed that pays or refunds orders, the demo store's money history on the ledger.
  await seedDemoLedgerHistory(db, clock, DEMO_STORE.id);
  // Issue 29 deposit: top-ups, a deposit-to-wallet move and platform adjustments, after the wallet's history.
  await seedDemoDeposit(db, clock, DEMO_STORE.id);
  // Issue 32 support desk: the store's canned answers in the chat frame.
  await seedDemoQuickReplies(db, clock, DEMO_STORE.id);
  await db
    .insertInto('store_customer')
    .values(DEMO_CUSTOMERS.map((c) => ({ accid: c.accid, nickname: c.nickname, avatar_url: null })))
    .onConflict((oc) => oc.column('accid').doNothing())
    .execute();
}

/**
 * One demo store in every status besides the approved demo store (README "Demo sign-ins"); all use
 * the demo password. Other areas' tests and demos rely on exactly these user names.
 */
export const DEMO_STORES = [
  { id: 1002, userName: 'demo_new', storeName: 'demo_new', storeStatus: 0, storeType: 1, mobile: '13800001002' },
  { id: 1003, userName: 'demo_review', storeName: 'Demo Review Store', storeStatus: 1, storeType: 2, mobile: '13800001003' },
  {
    id: 1004,
    userName: 'demo_rejected',
    storeName: 'Demo Rejected Store',
    storeStatus: 3,
    storeType: 2,
    mobile: '13800001004',
    rejectReason: 'The business licence photo is unreadable; please upload a clear photo.',
  },
  {
    id: 1005,
    userName: 'demo_disabled',
    storeName: 'Demo Disabled Store',
    storeStatus: 4,
    storeType: 1,
    mobile: '13800001005',
    forbiddenReason: 'Business licence expired; upload a renewed licence to publish goods again.',
  },
  { id: 1006, userName: 'demo_service', storeName: 'Demo Service Store', storeStatus: 2, storeType: 3, mobile: '13800001006' },
  // The store that can close (docs/merchant-centre.md "Closing the shop"): approved, no order, no after-sales, no money
  // held, and a pay password, so /shop/logout leads all the way to a request; the demo store 1001 has the blocking reasons.
  { id: 1007, userName: 'demo_closing', storeName: 'Demo Closing Store', storeStatus: 2, storeType: 1, mobile: '13800001007', payPassword: '135790' },
] as const;

const demoStoreInfo = (store: (typeof DEMO_STORES)[number]) => ({
  storeName: store.storeName,
  storeType: store.storeType,
  principalType: 2,
  cityCode: '440300',
  address: `${store.id - 1000} Demo Avenue, Shenzhen`,
  contactName: 'Demo Contact',
  contactMobile: store.mobile,
  legalPersonName: 'Demo Legal',
  legalPersonIdNumber: '11010519491231002X',
  licenseNumber: `91440300MA5DEMO${store.id - 1000}0X`.slice(0, 18).padEnd(18, '0'),
  licenseImageUrl: '/static/demo/license.png',
  categoryIds: [11, 31],
});

async function seedDemoStores(db: Kysely<StoreDatabase>, clock: Clock): Promise<void> {
  const existing = await db.selectFrom('store_store').select('id').where('id', 'in', DEMO_STORES.map((s) => s.id)).execute();
  const missing = DEMO_STORES.filter((store) => !existing.some((row) => row.id === store.id));
  if (missing.length === 0) return;
  const now = clock.now();
  const passwordHash = await hashSecret(DEMO_STORE.password);
  for (const store of missing) {
    const payPasswordHash = 'payPassword' in store ? await hashSecret(store.payPassword) : null;
    const submitted = store.storeStatus !== 0;
    const info = submitted ? demoStoreInfo(store) : null;
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('store_store')
        .values({
          id: store.id,
          store_name: store.storeName,
          store_status: store.storeStatus,
          store_type: store.storeType,
          principal_type: submitted ? 2 : null,
          mobile: store.mobile,
          city_code: submitted ? '440300' : null,
          store_info: info ? JSON.stringify(info) : null,
          reject_reason: 'rejectReason' in store ? store.rejectReason : null,
          forbidden_reason: 'forbiddenReason' in store ? store.forbiddenReason : null,
          agreement_accepted_at: submitted ? now : null,
          agreement_version: submitted ? '2026-01' : null,
          // The disabled store's licence expired 3 days ago: its dashboard shows the 'expired' notice.
          license_expires_on: submitted ? addSeconds(now, (store.storeStatus === 4 ? -3 : 300) * DAY_SECONDS) : null,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      await trx
        .insertInto('store_user')
        .values({ store_id: store.id, username: store.userName, password_hash: passwordHash, pay_password_hash: payPasswordHash, nickname: store.storeName, avatar_object_key: null })
        .execute();
      await trx.insertInto('store_pay_account').values({ store_id: store.id, balance_cents: 0, frozen_cents: 0, deposit_cents: 0 }).execute();
      if (info) await trx.insertInto('store_category_link').values(info.categoryIds.map((category_id) => ({ store_id: store.id, category_id }))).execute();
      if (store.storeType === 3) {
        // The service store is on the withdrawal blacklist, so its dashboard shows that block (console-spec §3).
        await trx.insertInto('store_withdraw_blacklist').values({ store_id: store.id, remark: 'Withdrawals paused while a customer dispute is reviewed.' }).execute();
      }
    });
  }
}
