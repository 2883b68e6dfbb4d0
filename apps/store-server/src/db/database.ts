import { openDatabase, runMigrations, type DatabaseHandle } from '@merchant/server-db';
import type { Kysely, Migration } from 'kysely';
import * as accounts from './migrations/0001-accounts';
import * as storeBusiness from './migrations/0002-store-business';
import * as referenceData from './migrations/0003-reference-data';
import * as storeDeregistration from './migrations/0004-store-deregistration';
import * as storeOrders from './migrations/0005-store-orders';
import * as mediaLibrary from './migrations/0007-media-library';
import * as rolesPermissions from './migrations/0008-roles-permissions';
import * as goods from './migrations/0009-goods';
import * as inventory from './migrations/0010-inventory';
import * as savedViews from './migrations/0011-saved-views';
import * as brandApplications from './migrations/0012-brand-applications';
import * as exportJobs from './migrations/0013-export-jobs';
import * as orders from './migrations/0014-orders';
import * as afterSales from './migrations/0015-after-sales';
import * as orderItemImages from './migrations/0016-order-item-images';
import * as orderStatusCounts from './migrations/0017-order-status-counts';
import * as imAvatarObjectKey from './migrations/0018-im-avatar-object-key';
import * as idempotencyKeys from './migrations/0019-idempotency-keys';
import * as storeInfoChanges from './migrations/0020-store-info-changes';
import * as logoutDecisions from './migrations/0021-logout-decisions';
import * as settlementCardChanges from './migrations/0022-settlement-card-changes';
import * as sessionDevices from './migrations/0023-session-devices';
import * as staffAccounts from './migrations/0024-staff-accounts';
import * as bankNamesZh from './migrations/0025-bank-names-zh';
import * as coupons from './migrations/0026-coupons';
import * as orderPromotions from './migrations/0027-order-promotions';
import * as platformActivities from './migrations/0028-platform-activities';
import * as groupBuys from './migrations/0029-group-buys';
import * as flashSales from './migrations/0030-flash-sales';
import * as skuFloorPrices from './migrations/0031-sku-floor-prices';
import * as freightTemplates from './migrations/0032-freight-templates';
import * as providerDelivery from './migrations/0033-provider-delivery';
import * as afterSaleTemplates from './migrations/0034-after-sale-templates';
import * as afterSaleTemplatesGoodsKey from './migrations/0034-after-sale-templates-goods-key';
import * as brands from './migrations/0035-brands';
import * as cartageTemplates from './migrations/0036-cartage-templates';
import * as deliveryRanges from './migrations/0037-delivery-ranges';
import * as ledger from './migrations/0038-ledger';
import * as sandboxProvider from './migrations/0040-sandbox-provider';
import * as orderPaymentChannel from './migrations/0041-order-payment-channel';
import * as ledgerStatements from './migrations/0043-ledger-statements';
import * as deposit from './migrations/0042-deposit';
import * as referenceNamesZh from './migrations/0044-reference-names-zh';
import * as multiInstance from './migrations/0045-multi-instance';
import * as quickReplies from './migrations/0046-quick-replies';
import * as buyerOrdersIndex from './migrations/0047-buyer-orders-index';
import type { StoreDatabase } from './schema';

/** Ordered, versioned migrations; names sort in the order they must run. */
export const STORE_MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001-accounts': accounts,
  '0002-store-business': storeBusiness,
  '0003-reference-data': referenceData,
  '0004-store-deregistration': storeDeregistration,
  '0005-store-orders': storeOrders,
  '0007-media-library': mediaLibrary,
  '0008-roles-permissions': rolesPermissions,
  '0009-goods': goods,
  '0010-inventory': inventory,
  '0011-saved-views': savedViews,
  '0012-brand-applications': brandApplications,
  '0013-export-jobs': exportJobs,
  '0014-orders': orders,
  '0015-after-sales': afterSales,
  '0016-order-item-images': orderItemImages,
  '0017-order-status-counts': orderStatusCounts,
  '0018-im-avatar-object-key': imAvatarObjectKey,
  '0019-idempotency-keys': idempotencyKeys,
  '0020-store-info-changes': storeInfoChanges,
  '0021-logout-decisions': logoutDecisions,
  '0022-settlement-card-changes': settlementCardChanges,
  '0023-session-devices': sessionDevices,
  '0024-staff-accounts': staffAccounts,
  '0025-bank-names-zh': bankNamesZh,
  '0026-coupons': coupons,
  '0027-order-promotions': orderPromotions,
  '0028-platform-activities': platformActivities,
  '0029-group-buys': groupBuys,
  '0030-flash-sales': flashSales,
  '0031-sku-floor-prices': skuFloorPrices,
  '0032-freight-templates': freightTemplates,
  '0033-provider-delivery': providerDelivery,
  '0034-after-sale-templates': afterSaleTemplates,
  '0034-after-sale-templates-goods-key': afterSaleTemplatesGoodsKey,
  '0035-brands': brands,
  '0036-cartage-templates': cartageTemplates,
  '0037-delivery-ranges': deliveryRanges,
  '0038-ledger': ledger,
  '0040-sandbox-provider': sandboxProvider,
  '0041-order-payment-channel': orderPaymentChannel,
  '0042-deposit': deposit,
  '0043-ledger-statements': ledgerStatements,
  '0044-reference-names-zh': referenceNamesZh,
  '0045-multi-instance': multiInstance,
  '0046-quick-replies': quickReplies,
  '0047-buyer-orders-index': buyerOrdersIndex,
};

export interface DatabaseOptions {
  /** PostgreSQL URL; when absent an embedded PGlite database is used. */
  databaseUrl?: string;
  /** PGlite folder, or `memory://` for a throw-away database. */
  dataDir: string;
  /** PostgreSQL schema holding every table, so store-server can share a database with im-server. */
  schema: string;
  /** A dump of a migrated PGlite data folder to start from (tests clone a template this way). */
  pgliteTemplate?: Blob;
}

/** `pglite` is present for PGlite only: lets tests dump a migrated template. */
export type StoreDatabaseHandle = DatabaseHandle<StoreDatabase>;

/** Opens PGlite or PostgreSQL (@merchant/server-db), creates the schema and runs the migrations. */
export function openStoreDatabase(options: DatabaseOptions): Promise<StoreDatabaseHandle> {
  return openDatabase<StoreDatabase>({
    databaseUrl: options.databaseUrl,
    dataDir: options.dataDir,
    schema: options.schema,
    loadDataDir: options.pgliteTemplate,
    migrations: STORE_MIGRATIONS,
    label: 'store-server',
  });
}

export function migrateToLatest(db: Kysely<StoreDatabase>, schema: string): Promise<string[]> {
  return runMigrations(db, { migrations: STORE_MIGRATIONS, schema, label: 'store-server' });
}
