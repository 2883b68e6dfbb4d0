import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** A timestamptz column: Date on read, Date or ISO string on write, database default allowed. */
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** jsonb: the drivers return parsed values; writes go through JSON.stringify. */
type Json<T> = ColumnType<T, string, string>;

export interface StoreTable {
  id: Generated<number>;
  store_name: string;
  /** console-spec §4: 0 not submitted, 1 under review, 2 approved, 3 rejected, 4 disabled. */
  store_status: number;
  /** console-spec §4: 1 flagship, 2 specialty, 3 service. */
  store_type: number;
  /** console-spec §4: 1 sole proprietor, 2 company; null until the store info is submitted. */
  principal_type: number | null;
  forbidden_reason: string | null;
  reject_reason: string | null;
  email: string | null;
  mobile: string;
  city_code: string | null;
  /** The submitted store information (registerStore), JSON of StoreInfo. */
  store_info: Json<Record<string, unknown> | null> | null;
  /** The temporary draft (temporaryStorageStoreInfo), JSON of a partial StoreInfo. */
  store_info_draft: Json<Record<string, unknown> | null> | null;
  agreement_accepted_at: NullableTimestamp;
  agreement_version: string | null;
  license_expires_on: NullableTimestamp;
  brand_expires_on: NullableTimestamp;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface StoreUserTable {
  id: Generated<number>;
  store_id: number;
  username: string;
  password_hash: string;
  pay_password_hash: string | null;
  nickname: string;
  /** The IM avatar: a key of the store's own media library (console-spec §3 avatar object, migration 0018); URLs are signed per read. */
  avatar_object_key: string | null;
  /** The store's owner holds every permission; other accounts hold their roles' (docs/permissions.md). */
  is_owner: Generated<boolean>;
  created_at: CreatedAt;
  /** Enabled (1) or disabled (2): @merchant/api-contracts STAFF_STATUS (migration 0024). A disabled account cannot sign in. */
  status: Generated<number>;
}

/** The detail of a staff or role change's operation-log entry (migration 0024; docs/permissions.md). */
export interface StoreStaffChangeTable {
  id: Generated<number>;
  store_id: number;
  operation_log_id: number;
  target_user_id: number | null;
  target_role_id: number | null;
  detail: Json<Record<string, unknown>>;
  created_at: CreatedAt;
}

/** A named set of permission codes inside one store (docs/permissions.md). */
export interface StoreRoleTable {
  id: Generated<number>;
  store_id: number;
  name: string;
  created_at: CreatedAt;
}

export interface StoreRolePermissionTable {
  role_id: number;
  /** A code of @merchant/api-contracts PERMISSIONS; unknown codes grant nothing. */
  permission_code: string;
}

export interface StoreUserRoleTable {
  user_id: number;
  role_id: number;
}

export interface StoreAccessTokenTable {
  token_hash: string;
  user_id: number;
  store_id: number;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  created_at: CreatedAt;
  /** The session's public id (migration 0023); the hash never leaves the server. */
  id: Generated<number>;
  /** A short label of the browser and system it was issued to ('' when unknown). */
  device: Generated<string>;
  /** When the pay password was last checked in this session (issue 26 §5). */
  pay_password_checked_at: NullableTimestamp;
}

export interface StoreSessionTable {
  session_key: string;
  data: Json<Record<string, unknown>>;
  expires_at: Timestamp;
  updated_at: CreatedAt;
}

/** Idempotent calls' keys and first answers (migration 0019, src/db/idempotency-keys.ts). */
export interface StoreIdempotencyKeyTable {
  store_id: number;
  path: string;
  idempotency_key: string;
  biz_digest: string;
  claim_id: string;
  state: 'running' | 'done';
  answer: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface StoreSessionNonceTable {
  session_key: string;
  nonce: string;
  keep_until: Timestamp;
}

export interface StoreCheckCodeTable {
  id: Generated<number>;
  purpose: string;
  target: string;
  code_hash: string;
  expires_at: Timestamp;
  consumed_at: NullableTimestamp;
  failed_attempts: Generated<number>;
  created_at: CreatedAt;
}

export interface StoreRateEventTable {
  id: Generated<number>;
  bucket: string;
  subject: string;
  occurred_at: CreatedAt;
}

export interface StoreCaptchaTable {
  captcha_key: string;
  answer: string;
  expires_at: Timestamp;
  verified_at: NullableTimestamp;
  failed_attempts: Generated<number>;
  created_at: CreatedAt;
}

export interface StoreServerKeyTable {
  id: number;
  public_key: string;
  private_key: string;
  created_at: CreatedAt;
}

export interface StoreBankCardTable {
  store_id: number;
  bank_code: string;
  card_number: string;
  account_name: string;
  branch_name: string;
  updated_at: CreatedAt;
  /** Withdrawals pause until then after the card changed (migration 0022; null: no pause). */
  withdrawals_paused_until: NullableTimestamp;
}

/** One bind or change of the settlement card (migration 0022): the cards are masked views. */
export interface StoreBankCardChangeTable {
  id: Generated<number>;
  store_id: number;
  user_id: number;
  /** The session that made it: store_access_token's key. */
  session_token_hash: string;
  operation_log_id: number;
  previous_card: Json<Record<string, unknown> | null> | null;
  new_card: Json<Record<string, unknown>>;
  withdrawals_paused_until: NullableTimestamp;
  changed_at: Timestamp;
}

export interface StorePayAccountTable {
  store_id: number;
  balance_cents: number;
  frozen_cents: number;
  deposit_cents: number;
  updated_at: CreatedAt;
}

export interface StoreWithdrawBlacklistTable {
  store_id: number;
  remark: string;
  created_at: CreatedAt;
}

export interface StoreCategoryLinkTable {
  store_id: number;
  category_id: number;
}

export interface StoreSowntownLinkTable {
  store_id: number;
  sowntown_id: number;
}

export interface StoreErrorReportConfigTable {
  id: number;
  cache_number: number;
  error_codes: Json<string[]>;
}

export interface StoreErrorReportTable {
  id: Generated<number>;
  store_id: number | null;
  payload: Json<unknown>;
  created_at: CreatedAt;
}

export interface StoreOperationLogTable {
  id: Generated<number>;
  /** Null for entries sent before sign-in (e.g. OPEN_APP). */
  store_id: number | null;
  user_id: number | null;
  operation_type: string;
  operation_start_time: Timestamp;
  created_at: CreatedAt;
  /** The session (store_access_token.id) of a server-written USER_LOGIN / USER_LOGOUT (migration 0023). */
  session_id: number | null;
  device: string | null;
}

/** A reviewed shop-profile change (migration 0020): pending (1) until the operator approves (2) or refuses (3) it. */
export interface StoreInfoChangeTable {
  id: Generated<number>;
  store_id: number;
  kind: string;
  changes: Json<Record<string, unknown>>;
  status: number;
  reject_reason: string | null;
  user_id: number;
  operation_log_id: number | null;
  created_at: Timestamp;
  decided_at: NullableTimestamp;
}

export interface StoreAsyncTaskTable {
  id: Generated<number>;
  store_id: number;
  kind: string;
  /** console-spec §4: 2 success, 3 failure, anything else still running. */
  status: number;
  fail_reason: string | null;
  result: Json<unknown> | null;
  created_at: CreatedAt;
}

export interface StoreLogoutRecordTable {
  id: Generated<number>;
  store_id: number;
  user_id: number;
  logout_reason: string;
  /** 1 pending review, 2 completed, 3 rejected (our design). */
  status: number;
  created_at: CreatedAt;
  /** Migration 0021: the unguessable reference /logouting looks the request up by. */
  public_ref: Generated<string>;
  decided_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  reject_reason: string | null;
}

/** Integer seconds in a bigint column (drivers may return a string). */
type Seconds = ColumnType<number | string, number, number>;
type NullableSeconds = ColumnType<number | string | null, number | null | undefined, number | null>;

/** Orders (migration 0005, extended by 0014: docs/orders.md "Tables and indexes"). */
export interface StoreOrderTable {
  id: Generated<number>;
  store_id: number;
  /** console-spec §4 shipping-order status 1..6. */
  status: number;
  /** Integer cents; bigint, so drivers may return a string. */
  amount_cents: ColumnType<number | string, number, number>;
  /** Integer seconds. */
  created_at: Seconds;
  /** Set right after the insert from the id and the creation day. */
  order_no: ColumnType<string | null, string | null | undefined, string | null>;
  buyer_accid: Generated<string>;
  buyer_name: Generated<string>;
  buyer_phone: Generated<string>;
  /** { name, phone, address }. */
  receiver: ColumnType<Record<string, string>, string | undefined, string>;
  paid_at: NullableSeconds;
  return_deadline: NullableSeconds;
  service_order: Generated<boolean>;
  updated_at: ColumnType<number | string, number | undefined, number>;
  /** Promotions (migration 0027): list = amount + promotion discount + coupon discount, integer cents. */
  promotion_discount_cents: ColumnType<number | string, number | undefined, number>;
  coupon_discount_cents: ColumnType<number | string, number | undefined, number>;
  coupon_id: ColumnType<number | null, number | null | undefined, number | null>;
  promotion_kind: ColumnType<'sale' | 'groupBuy' | null, 'sale' | 'groupBuy' | null | undefined, 'sale' | 'groupBuy' | null>;
  promotion_activity_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** A paid group-buy order waiting for its team: it cannot ship. */
  held_for_team: Generated<boolean>;
  /** An unpaid order closed when its payment window ended. */
  closed_at: ColumnType<number | string | null, number | null | undefined, number | null>;
}

export interface StoreOrderItemTable {
  id: Generated<number>;
  order_id: number;
  store_id: number;
  goods_id: number;
  sku_id: number;
  title: string;
  spec_text: Generated<string>;
  image_url: Generated<string>;
  /** The media library file of image_url (migration 0016): reads answer it signed for the reading store. */
  image_file_id: number | null;
  unit_price_cents: ColumnType<number | string, number, number>;
  quantity: number;
  service: Generated<boolean>;
  /** Migration 0027: the list unit price (null on earlier rows: unit_price_cents was it), the promotion that set unit_price_cents, and the line's share of the coupon. */
  list_unit_cents: ColumnType<number | string | null, number | null | undefined, number | null>;
  promotion: ColumnType<'none' | 'sale' | 'groupBuy', 'none' | 'sale' | 'groupBuy' | undefined, 'none' | 'sale' | 'groupBuy'>;
  coupon_share_cents: ColumnType<number | string, number | undefined, number>;
}

export interface StoreShipmentTable {
  id: Generated<number>;
  order_id: number;
  store_id: number;
  carrier: string;
  tracking_no: string;
  /** SHIPMENT_MACHINE 1..4. */
  status: number;
  created_at: Seconds;
  picked_up_at: NullableSeconds;
  delivered_at: NullableSeconds;
  returned_at: NullableSeconds;
}

/** The order's status history: every state change, and return-period extensions. */
export interface StoreOrderEventTable {
  id: Generated<number>;
  order_id: number;
  store_id: number;
  event: string;
  actor: string;
  from_status: number | null;
  to_status: number;
  days: number | null;
  created_at: Seconds;
}

export interface StoreCustomerTable {
  accid: string;
  nickname: string;
  avatar_url: string | null;
}

/** Goods (migration 0009, docs/goods.md); status values: @merchant/api-contracts GOODS_STATUS. */
export interface GoodsTable {
  id: Generated<number>;
  store_id: number;
  status: number;
  category_id: number | null;
  brand_name: Generated<string>;
  title: Generated<string>;
  unit_id: number | null;
  images: Json<unknown[]>;
  video: Json<unknown> | null;
  detail_type: Generated<number>;
  detail_html: Generated<string>;
  detail_images: Json<unknown[]>;
  spec_list: Json<unknown[]>;
  freight_template_id: number | null;
  after_sale_template_id: number | null;
  /** Issue 27 §2 (migration 0036): the cartage template of bulky goods; null for goods carried at no charge. */
  cartage_template_id: Generated<number | null>;
  min_price_cents: Generated<number>;
  reject_reason: string | null;
  submitted_at: NullableTimestamp;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface GoodsSkuTable {
  id: Generated<number>;
  goods_id: number;
  store_id: number;
  spec_values: Json<Record<string, string>>;
  sku_code: Generated<string>;
  price_cents: number;
  stock: number;
  /** Null: no warning for this SKU. */
  warning_stock: number | null;
  sort: Generated<number>;
  /** The merchant's floor unit price in cents (the margin guard, migration 0031); null: no floor. */
  floor_price_cents: ColumnType<number | string | null, number | null | undefined, number | null>;
}

export interface GoodsStockWarningTable {
  id: Generated<number>;
  store_id: number;
  goods_id: number;
  sku_id: number;
  stock: number;
  warning_stock: number;
  /** 1 open, 2 handled. */
  status: Generated<number>;
  created_at: CreatedAt;
  handled_at: NullableTimestamp;
}

export interface GoodsSnapshotTable {
  id: Generated<number>;
  store_id: number;
  goods_id: number;
  data: Json<Record<string, unknown>>;
  created_at: CreatedAt;
}

/** Inventory centre (migration 0010, docs/inventory.md). */
export interface InventoryItemTable {
  id: Generated<number>;
  store_id: number;
  goods_id: number | null;
  sku_id: number | null;
  item_name: string;
  sku_text: Generated<string>;
  warehouse_name: string;
  quantity: Generated<number>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface InventoryMovementTable {
  id: Generated<number>;
  store_id: number;
  item_id: number;
  /** 1 inbound, 2 outbound, 3 count adjustment. */
  kind: number;
  delta: number;
  quantity_after: number;
  ref_no: Generated<string>;
  created_at: CreatedAt;
}

export interface InventoryWarningConfigTable {
  id: Generated<number>;
  store_id: number;
  item_id: number;
  warning_line: number;
  enabled: Generated<boolean>;
  remark: Generated<string>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface InventoryWarningTable {
  id: Generated<number>;
  store_id: number;
  item_id: number;
  quantity: number;
  warning_line: number;
  status: Generated<number>;
  created_at: CreatedAt;
  handled_at: NullableTimestamp;
}

export interface InventoryCountTable {
  id: Generated<number>;
  store_id: number;
  warehouse_name: string;
  status: Generated<number>;
  remark: Generated<string>;
  created_at: CreatedAt;
  completed_at: NullableTimestamp;
}

export interface InventoryCountLineTable {
  count_id: number;
  item_id: number;
  book_quantity: number;
  counted_quantity: number | null;
}

export interface InventoryOrderTable {
  id: Generated<number>;
  store_id: number;
  /** 1 inbound (managed warehousing), 2 outbound application. */
  direction: number;
  warehouse_name: string;
  status: Generated<number>;
  contact_name: Generated<string>;
  contact_mobile: Generated<string>;
  address: Generated<string>;
  remark: Generated<string>;
  created_at: CreatedAt;
  completed_at: NullableTimestamp;
}

export interface InventoryOrderLineTable {
  order_id: number;
  item_id: number;
  quantity: number;
}

/** Saved views (migration 0011): a named filter and column set of one list, per user. */
export interface SavedViewTable {
  id: Generated<number>;
  store_id: number;
  user_id: number;
  resource: string;
  name: string;
  filters: Json<Record<string, unknown>>;
  columns: Json<string[]>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** Brand applications (migration 0012, docs/goods.md): status 1 under review, 2 approved, 3 rejected. */
export interface BrandApplicationTable {
  id: Generated<number>;
  store_id: number;
  brand_name: string;
  /** A calendar day, 'YYYY-MM-DD' (read back as a string: see brand-applications.repository). */
  brand_expire_date: ColumnType<string, string, string>;
  certificate_file_ids: Json<number[]>;
  status: Generated<number>;
  reject_reason: string | null;
  created_at: CreatedAt;
  reviewed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Migration 0035 (brands): '' / [] on rows stored before it. */
  brand_owner: Generated<string>;
  authorisation_chain: ColumnType<string[], string | undefined, string>;
  expired_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** Reference data shared by every store (read-only for merchants). */
export interface RefBankTable { bank_code: string; bank_name: string; sort: number; /** Migration 0025; null: bank_name is said in every language. */ bank_name_zh: string | null }
export interface RefUnitTable { id: number; unit_name: string; enabled: boolean; /** Migration 0044; null: unit_name in every language. */ unit_name_zh: string | null }
export interface RefTechnologyTable { id: number; technology_name: string }
export interface RefCategoryTable { id: number; parent_id: number; category_name: string; level: number; enabled: boolean; sort: number; /** Migration 0044. */ category_name_zh: string | null }
export interface RefCategorySpecTable {
  id: number;
  category_id: number;
  /** The key stored in goods' spec lists and SKUs' spec values: never renamed (migration 0044). */
  spec_name: string;
  spec_values: Json<string[]>;
  spec_label_zh: string | null;
  /** Chinese labels of spec values, keyed by value (missing: the value itself). */
  spec_value_labels_zh: Json<Record<string, string>>;
}
export interface RefCityTable { city_code: string; parent_code: string; city_name: string; level: number; is_operate: boolean; is_open: boolean }
export interface RefAppTable { app_id: number; app_name: string }
export interface RefAdvertTable { id: number; position: string; title: string; image_url: string; link_url: string; sort: number; enabled: boolean }
export interface RefSinglePageTable { page_code: string; title: string; content: string }
export interface RefEntryFeeTable { city_code: string; category_id: number; fee_cents: number; deposit_cents: number }
export interface RefSkillPackageTable { id: number; package_name: string; price_cents: number; description: string }
export interface RefPorterageTable { id: number; porterage_name: string; unit_name: string; price_cents: number; /** Migration 0044. */ porterage_name_zh: string | null; unit_name_zh: string | null }
export interface RefSowntownTable { id: number; city_code: string; sowntown_name: string }
export interface RefDictionaryTable { dict_type: string; dict_value: number; dict_label: string }

/** Integer seconds and cents of the after-sales tables (migration 0015); bigint, so drivers may return a string. */
type AfterSalesBigint = ColumnType<number | string, number, number>;
type AfterSalesJsonList = ColumnType<string[], string | undefined, string>;

/** store_order's column added by migration 0015: what refunds returned so far (only the refund payment changes it). */
export interface StoreOrderRefundColumns {
  refunded_cents: ColumnType<number | string, number | undefined, number>;
}

/**
 * The store's paid orders per status (migration 0017, docs/orders.md "Order counts"), kept by triggers on
 * store_order in the writer's transaction; unpaid orders (status 0) are not counted.
 */
export interface StoreOrderStatusCountTable {
  store_id: number;
  status: number;
  order_count: ColumnType<number | string, number, number>;
}

/** Refund orders (migration 0015, docs/orders.md "Refunds"); status: REFUND_MACHINE, kind 1 refund only, 2 return and refund. */
export interface StoreRefundTable {
  id: Generated<number>;
  store_id: number;
  order_id: number;
  refund_no: string;
  status: number;
  kind: number;
  amount_cents: AfterSalesBigint;
  buyer_accid: string;
  reason: string;
  description: Generated<string>;
  evidence_urls: AfterSalesJsonList;
  reject_reason: string | null;
  created_at: AfterSalesBigint;
  updated_at: AfterSalesBigint;
}

export interface StoreRefundEventTable {
  id: Generated<number>;
  refund_id: number;
  store_id: number;
  event: string;
  actor: string;
  from_status: number | null;
  to_status: number;
  note: string | null;
  created_at: AfterSalesBigint;
}

/** Append-only: money that left the store for a refund (a trigger refuses updates and deletes). */
export interface StoreLedgerTable {
  id: Generated<number>;
  store_id: number;
  order_id: number;
  refund_id: number;
  amount_cents: AfterSalesBigint;
  idempotency_key: string;
  order_refunded_cents: AfterSalesBigint;
  order_refunded_in_full: boolean;
  created_at: AfterSalesBigint;
}

/** Complaints (disputes), migration 0015; status: DISPUTE_MACHINE. */
export interface StoreComplaintTable {
  id: Generated<number>;
  store_id: number;
  order_id: number;
  complaint_no: string;
  status: number;
  filed_by: Generated<string>;
  buyer_accid: string;
  reason: string;
  description: Generated<string>;
  evidence_urls: AfterSalesJsonList;
  ruling: string | null;
  created_at: AfterSalesBigint;
  updated_at: AfterSalesBigint;
}

export interface StoreComplaintEventTable {
  id: Generated<number>;
  complaint_id: number;
  store_id: number;
  event: string;
  actor: string;
  from_status: number | null;
  to_status: number;
  note: string | null;
  created_at: AfterSalesBigint;
}

export interface StoreComplaintResponseTable {
  id: Generated<number>;
  complaint_id: number;
  store_id: number;
  content: string;
  evidence_urls: AfterSalesJsonList;
  created_at: AfterSalesBigint;
}

/** Buyers' reviews, one per order (migration 0015); the merchant replies once. */
export interface StoreEvaluationTable {
  id: Generated<number>;
  store_id: number;
  order_id: number;
  buyer_accid: string;
  rating: number;
  content: Generated<string>;
  image_urls: AfterSalesJsonList;
  reply: string | null;
  replied_at: ColumnType<number | string | null, number | null | undefined, number | null>;
  created_at: AfterSalesBigint;
}

/** A coupon template (migration 0026; docs/marketing.md "Coupons"): taken never exceeds issue_limit (CHECK). */
export interface StoreCouponTemplateTable {
  id: Generated<number>;
  store_id: number;
  name: string;
  /** 1 amount off, 2 percent off up to cap_cents (@merchant/api-contracts COUPON_KIND). */
  kind: number;
  amount_cents: number | null;
  /** Basis points, 1–9,999 (1500 = 15 % off). */
  percent_off_bp: number | null;
  cap_cents: number | null;
  threshold_cents: number;
  /** 1 whole store, 2 categories, 3 goods (COUPON_SCOPE). */
  scope: number;
  scope_ids: ColumnType<number[], number[] | undefined, number[]>;
  issue_limit: number;
  taken: Generated<number>;
  per_buyer_limit: number;
  /** 1 fixed dates, 2 valid_days from claiming (COUPON_VALIDITY). */
  validity: number;
  valid_from: NullableTimestamp;
  valid_until: NullableTimestamp;
  valid_days: number | null;
  /** 1 active, 2 stopped. */
  state: Generated<number>;
  /** Moves with every edit of the rules. */
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** How many coupons of a template one buyer holds (migration 0026): moved by a conditional upsert. */
export interface StoreCouponBuyerCountTable {
  template_id: number;
  buyer_accid: string;
  taken: number;
}

/** A claimed coupon with the rules copied from its template (migration 0026). */
export interface StoreCouponTable {
  id: Generated<number>;
  store_id: number;
  template_id: number;
  buyer_accid: string;
  buyer_phone: string;
  ordinal: number;
  kind: number;
  amount_cents: number | null;
  percent_off_bp: number | null;
  cap_cents: number | null;
  threshold_cents: number;
  scope: number;
  scope_ids: ColumnType<number[], number[], number[]>;
  valid_from: Timestamp;
  valid_until: Timestamp;
  /** 1 unused, 2 used (expired: unused past valid_until). */
  state: Generated<number>;
  order_id: number | null;
  claimed_at: Timestamp;
  used_at: NullableTimestamp;
}

/** A refused claim with its reason (migration 0026). */
export interface StoreCouponRefusalTable {
  id: Generated<number>;
  store_id: number;
  template_id: number;
  buyer_accid: string | null;
  reason: string;
  requested: number;
  created_at: Timestamp;
}

/** The detail of a template change's operation-log entry (migration 0026). */
export interface StoreCouponChangeTable {
  id: Generated<number>;
  store_id: number;
  operation_log_id: number;
  template_id: number;
  detail: Json<Record<string, unknown>>;
  created_at: Timestamp;
}

/** A time-limited sale (migration 0030; docs/marketing.md "Time-limited sales"). */
export interface StoreFlashSaleTable {
  id: Generated<number>;
  store_id: number;
  name: string;
  start_at: Timestamp;
  end_at: Timestamp;
  /** Daily slots, minutes of the day in Asia/Shanghai. */
  slots: Json<Array<{ startMinute: number; endMinute: number }>>;
  per_buyer_limit: number;
  /** 1 active, 2 stopped. */
  state: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A SKU of a sale: activity price, units left (never below 0, CHECK) and sold (migration 0030). */
export interface StoreFlashSaleSkuTable {
  sale_id: number;
  sku_id: number;
  store_id: number;
  price_cents: number;
  stock: number;
  sold: Generated<number>;
}

/** Units of a sale one buyer holds (migration 0030): moved by a conditional upsert. */
export interface StoreFlashSaleBuyerCountTable {
  sale_id: number;
  buyer_accid: string;
  bought: number;
}

/** An order placed through a sale (migration 0030): 1 reserved, 2 paid, 3 released. */
export interface StoreFlashSaleOrderTable {
  order_id: number;
  sale_id: number;
  store_id: number;
  buyer_accid: string;
  units: number;
  state: Generated<number>;
  created_at: Timestamp;
  settled_at: NullableTimestamp;
}

export interface StoreFlashSaleOrderLineTable {
  order_id: number;
  sku_id: number;
  quantity: number;
}

/** A group-buy activity (migration 0029; docs/marketing.md "Group buying"): taken never exceeds total_limit (CHECK). */
export interface StoreGroupBuyTable {
  id: Generated<number>;
  store_id: number;
  name: string;
  team_size: number;
  form_minutes: number;
  per_buyer_limit: number;
  total_limit: number;
  taken: Generated<number>;
  starts_at: Timestamp;
  ends_at: Timestamp;
  /** 1 active, 2 stopped (GROUP_BUY_STATE). */
  state: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A SKU of a group buy with its group price (migration 0029). */
export interface StoreGroupBuySkuTable {
  group_buy_id: number;
  store_id: number;
  sku_id: number;
  group_price_cents: number;
}

/** How many orders one buyer holds in a group buy (migration 0029): moved by a conditional upsert. */
export interface StoreGroupBuyBuyerCountTable {
  group_buy_id: number;
  buyer_accid: string;
  taken: number;
}

/** A team (migration 0029): members within size (CHECK), formed only when full. */
export interface StoreGroupBuyTeamTable {
  id: Generated<number>;
  store_id: number;
  group_buy_id: number;
  leader_accid: string;
  leader_name: string;
  size: number;
  members: Generated<number>;
  /** 1 forming, 2 formed, 3 failed (GROUP_BUY_TEAM_STATE). */
  state: Generated<number>;
  started_at: Timestamp;
  expires_at: Timestamp;
  ended_at: NullableTimestamp;
}

/** A team's member: one paid order in one seat (migration 0029). */
export interface StoreGroupBuyMemberTable {
  id: Generated<number>;
  store_id: number;
  group_buy_id: number;
  team_id: number;
  order_id: number;
  buyer_accid: string;
  buyer_name: string;
  seat: number;
  leader: boolean;
  joined_at: Timestamp;
}

/** A platform campaign (migration 0028; docs/marketing.md "Platform activities"): places_taken never exceeds quota (CHECK). */
export interface PlatformActivityTable {
  id: Generated<number>;
  title_zh: string;
  /** Null: one title, title_zh. */
  title_en: string | null;
  description: Generated<string>;
  sign_up_from: Timestamp;
  sign_up_until: Timestamp;
  run_from: Timestamp;
  run_until: Timestamp;
  /** Basis points off the SKU's list price, 0–9,999. */
  min_discount_bp: number;
  /** Level-2 category ids; [] any. */
  category_ids: ColumnType<number[], number[] | undefined, number[]>;
  max_goods: number;
  quota: number;
  /** Moved only by a conditional UPDATE at approval (places_taken + 1 <= quota). */
  places_taken: Generated<number>;
  created_at: CreatedAt;
}

/** A store's application to a campaign (migration 0028): one pending or approved per (campaign, store), by a partial unique index. */
export interface StoreActivityApplicationTable {
  id: Generated<number>;
  activity_id: number;
  store_id: number;
  /** 1 pending, 2 approved, 3 rejected, 4 withdrawn (@merchant/api-contracts ACTIVITY_APPLICATION_STATE). */
  state: Generated<number>;
  reason: string | null;
  created_at: Timestamp;
  reviewed_at: NullableTimestamp;
  withdrawn_at: NullableTimestamp;
}

/** One SKU of an application at its activity price, with the list price when applied (migration 0028). */
export interface StoreActivityApplicationItemTable {
  id: Generated<number>;
  application_id: number;
  store_id: number;
  goods_id: number;
  sku_id: number;
  list_price_cents: number;
  activity_price_cents: number;
}

/** Issue 27 §6 provider delivery (migration 0033): the platform's providers (reference data). */
export interface RefDeliveryProviderTable {
  id: number;
  name: string;
  service_area: string;
  fee_note: string;
  contact_phone: string;
  agreement_title: string;
  agreement_version: string;
  agreement_zh: string;
  agreement_en: string;
  enabled: Generated<boolean>;
}

/** A store's provider delivery contract; state is @merchant/api-contracts PROVIDER_CONTRACT_STATE. */
export interface StoreProviderContractTable {
  id: Generated<number>;
  store_id: number;
  provider_id: number;
  state: Generated<number>;
  agreement_title: string;
  agreement_version: string;
  agreement_zh: string;
  agreement_en: string;
  opened_at: Date;
  opened_by_user_id: number;
  opened_by: string;
  signed_at: Date | null;
  signed_by_user_id: number | null;
  signed_by: string | null;
  suspended_by: string | null;
  suspend_reason: string | null;
  closed_at: Date | null;
  closed_by_user_id: number | null;
  closed_by: string | null;
  close_reason: string | null;
}

export interface StoreProviderContractStepTable {
  id: Generated<number>;
  contract_id: number;
  event: string;
  actor: string;
  user_id: number | null;
  user_name: string | null;
  reason: string | null;
  from_state: number | null;
  to_state: number;
  at: Date;
}

/** Issue 27 §3 after-sale explanation templates (migration 0034): content is sanitised HTML only. */
export interface StoreAfterSaleTemplateTable {
  id: Generated<number>;
  store_id: number;
  name: string;
  content: string;
  summary: string;
  created_at: Date;
  updated_at: Date;
}

/** Issue 32 quick replies (migration 0046). */
export interface StoreQuickReplyTable {
  id: Generated<number>;
  store_id: number;
  position: number;
  text: string;
  created_by: number;
  created_at: Date;
  updated_at: Date;
}

export interface StoreAfterSaleTemplateCountTable {
  store_id: number;
  templates: number;
}

/** Issue 27 §1 freight templates (migration 0032): the rules are api-contracts FreightRules without `pricing`. */
export interface StoreFreightTemplateTable {
  id: Generated<number>;
  store_id: number;
  name: string;
  /** 1 count, 2 weight (grams), 3 volume (cm³): @merchant/api-contracts FREIGHT_PRICING. */
  pricing: number;
  rules: Json<Record<string, unknown>>;
  is_default: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** Issue 27 §5 delivery ranges (migration 0037): days start_time..end_time (both included), daily minutes [start, end). */
export interface StoreDeliveryRangeTable {
  id: Generated<number>;
  store_id: number;
  name: string;
  markup_cents: number;
  start_time: Date;
  end_time: Date;
  daily_start_minute: number;
  daily_end_minute: number;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface StoreDeliveryRangeTownTable {
  store_id: number;
  range_id: number;
  sowntown_id: number;
}

/** Issue 27 §2 cartage templates (migration 0036): distance_bands are api-contracts CartageBand[]. */
export interface StoreCartageTemplateTable {
  id: Generated<number>;
  store_id: number;
  name: string;
  free_floors: number;
  per_floor_with_lift_cents: number;
  per_floor_without_lift_cents: number;
  distance_bands: Json<unknown[]>;
  minimum_cents: number;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** The sandbox payment provider's transfers (migration 0040, docs/ledger.md "Sandbox payment provider"); times in epoch ms. */
export interface SandboxProviderTransferTable {
  id: string;
  kind: 'payment' | 'payout';
  reference: string;
  amount_cents: ColumnType<number | string, number, number>;
  card_no: string | null;
  callback_url: string;
  status: ColumnType<'pending' | 'succeeded' | 'failed', 'pending' | undefined, 'pending' | 'succeeded' | 'failed'>;
  failure_reason: string | null;
  created_at: ColumnType<number | string, number, number>;
  due_at: ColumnType<number | string, number, number>;
  completed_at: ColumnType<number | string | null, number | null | undefined, number | null>;
  callback_attempts: ColumnType<number, number | undefined, number>;
  next_callback_at: ColumnType<number | string | null, number | null | undefined, number | null>;
  callback_delivered_at: ColumnType<number | string | null, number | null | undefined, number | null>;
}

/** store-server's receipt of one sandbox provider callback event (migration 0040): a repeat finds its row. */
export interface SandboxProviderCallbackReceiptTable {
  event_id: string;
  transfer_id: string;
  kind: string;
  reference: string;
  status: string;
  amount_cents: ColumnType<number | string, number, number>;
  received_at: ColumnType<number | string, number, number>;
}

/** The payment channel of an order (migration 0041, console-spec §8): null until it is paid. */
export interface StoreOrderPaymentColumns {
  pay_method: ColumnType<string | null, string | null | undefined, string | null>;
  pay_app: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface StoreDatabase {
  store_store: StoreTable;
  store_info_change: StoreInfoChangeTable;
  store_user: StoreUserTable;
  store_role: StoreRoleTable;
  store_role_permission: StoreRolePermissionTable;
  store_user_role: StoreUserRoleTable;
  store_staff_change: StoreStaffChangeTable;
  store_access_token: StoreAccessTokenTable;
  store_session: StoreSessionTable;
  store_session_nonce: StoreSessionNonceTable;
  store_idempotency_key: StoreIdempotencyKeyTable;
  store_check_code: StoreCheckCodeTable;
  store_rate_event: StoreRateEventTable;
  store_captcha: StoreCaptchaTable;
  store_server_key: StoreServerKeyTable;
  store_bank_card: StoreBankCardTable;
  store_bank_card_change: StoreBankCardChangeTable;
  store_pay_account: StorePayAccountTable;
  store_withdraw_blacklist: StoreWithdrawBlacklistTable;
  store_category_link: StoreCategoryLinkTable;
  store_sowntown_link: StoreSowntownLinkTable;
  store_error_report_config: StoreErrorReportConfigTable;
  store_error_report: StoreErrorReportTable;
  store_operation_log: StoreOperationLogTable;
  store_async_task: StoreAsyncTaskTable;
  store_customer: StoreCustomerTable;
  store_logout_record: StoreLogoutRecordTable;
  store_order: StoreOrderTable & StoreOrderRefundColumns & StoreOrderPaymentColumns;
  store_order_status_count: StoreOrderStatusCountTable;
  store_refund: StoreRefundTable;
  store_refund_event: StoreRefundEventTable;
  store_ledger: StoreLedgerTable;
  sandbox_provider_transfer: SandboxProviderTransferTable;
  sandbox_provider_callback_receipt: SandboxProviderCallbackReceiptTable;
  store_complaint: StoreComplaintTable;
  store_complaint_event: StoreComplaintEventTable;
  store_complaint_response: StoreComplaintResponseTable;
  store_evaluation: StoreEvaluationTable;
  store_order_item: StoreOrderItemTable;
  store_shipment: StoreShipmentTable;
  store_order_event: StoreOrderEventTable;
  store_goods: GoodsTable;
  store_goods_sku: GoodsSkuTable;
  store_goods_stock_warning: GoodsStockWarningTable;
  store_goods_snapshot: GoodsSnapshotTable;
  store_inventory_item: InventoryItemTable;
  store_inventory_movement: InventoryMovementTable;
  store_inventory_warning_config: InventoryWarningConfigTable;
  store_inventory_warning: InventoryWarningTable;
  store_inventory_count: InventoryCountTable;
  store_inventory_count_line: InventoryCountLineTable;
  store_inventory_order: InventoryOrderTable;
  store_inventory_order_line: InventoryOrderLineTable;
  store_saved_view: SavedViewTable;
  store_brand_application: BrandApplicationTable;
  store_coupon_template: StoreCouponTemplateTable;
  store_coupon_buyer_count: StoreCouponBuyerCountTable;
  store_coupon: StoreCouponTable;
  store_coupon_refusal: StoreCouponRefusalTable;
  store_coupon_change: StoreCouponChangeTable;
  platform_activity: PlatformActivityTable;
  store_activity_application: StoreActivityApplicationTable;
  store_activity_application_item: StoreActivityApplicationItemTable;
  store_group_buy: StoreGroupBuyTable;
  store_group_buy_sku: StoreGroupBuySkuTable;
  store_group_buy_buyer_count: StoreGroupBuyBuyerCountTable;
  store_group_buy_team: StoreGroupBuyTeamTable;
  store_group_buy_member: StoreGroupBuyMemberTable;
  store_flash_sale: StoreFlashSaleTable;
  store_flash_sale_sku: StoreFlashSaleSkuTable;
  store_flash_sale_buyer_count: StoreFlashSaleBuyerCountTable;
  store_flash_sale_order: StoreFlashSaleOrderTable;
  store_flash_sale_order_line: StoreFlashSaleOrderLineTable;
  ref_delivery_provider: RefDeliveryProviderTable;
  store_provider_contract: StoreProviderContractTable;
  store_provider_contract_step: StoreProviderContractStepTable;
  store_after_sale_template: StoreAfterSaleTemplateTable;
  store_after_sale_template_count: StoreAfterSaleTemplateCountTable;
  store_quick_reply: StoreQuickReplyTable;
  store_freight_template: StoreFreightTemplateTable;
  store_delivery_range: StoreDeliveryRangeTable;
  store_delivery_range_town: StoreDeliveryRangeTownTable;
  store_cartage_template: StoreCartageTemplateTable;
  ref_bank: RefBankTable;
  ref_unit: RefUnitTable;
  ref_technology: RefTechnologyTable;
  ref_category: RefCategoryTable;
  ref_category_spec: RefCategorySpecTable;
  ref_city: RefCityTable;
  ref_app: RefAppTable;
  ref_advert: RefAdvertTable;
  ref_single_page: RefSinglePageTable;
  ref_entry_fee: RefEntryFeeTable;
  ref_skill_package: RefSkillPackageTable;
  ref_porterage: RefPorterageTable;
  ref_sowntown: RefSowntownTable;
  ref_dictionary: RefDictionaryTable;
}

export type StoreRow = Selectable<StoreTable>;
export type StoreUserRow = Selectable<StoreUserTable>;
export type NewStoreUser = Insertable<StoreUserTable>;

// --- The double-entry ledger (migration 0038, issue 29, docs/ledger.md) ----------------------------------------
/** int8 columns: PGlite answers a number, node-postgres a decimal string; modules/ledger parses both (never a float). */
type LedgerBigint = ColumnType<number | string, number | string, number | string>;
type LedgerId = ColumnType<number | string, number | string | undefined, never>;

export interface StoreLedgerAccountTable {
  id: Generated<number>;
  store_id: number | null;
  code: string;
  normal: 'debit' | 'credit';
  no_negative: boolean;
  debits_cents: ColumnType<number | string, number | string | undefined, number | string>;
  credits_cents: ColumnType<number | string, number | string | undefined, number | string>;
}

export interface StoreLedgerTransferTable {
  id: LedgerId;
  store_id: number | null;
  debit_account_id: number;
  credit_account_id: number;
  amount_cents: LedgerBigint;
  kind: string;
  source_type: string;
  source_id: LedgerBigint;
  order_id: number | null;
  idempotency_key: string | null;
  pending_id: LedgerBigint | null;
  created_at: ColumnType<Date, Date, never>;
  day: ColumnType<Date | string, string, never>;
}

export interface StoreLedgerEntryTable {
  id: LedgerId;
  transfer_id: LedgerBigint;
  account_id: number;
  store_id: number | null;
  direction: 'debit' | 'credit';
  amount_cents: LedgerBigint;
  created_at: ColumnType<Date, Date, never>;
  day: ColumnType<Date | string, string, never>;
}

export interface StoreLedgerAccountDayTable {
  account_id: number;
  day: ColumnType<Date | string, string, string>;
  debits_cents: ColumnType<number | string, number | string | undefined, number | string>;
  credits_cents: ColumnType<number | string, number | string | undefined, number | string>;
}

export interface StoreLedgerPendingTable {
  transfer_id: LedgerBigint;
  store_id: number;
  amount_cents: LedgerBigint;
  state: 'pending' | 'posted' | 'voided';
  resolved_transfer_id: LedgerBigint | null;
  created_at: Date;
  resolved_at: Date | null;
}

export interface StoreSettlementTable {
  id: Generated<number>;
  store_id: number;
  settled_at: Date;
  order_count: number;
  gross_cents: LedgerBigint;
  refunded_cents: LedgerBigint;
  commission_cents: LedgerBigint;
  net_cents: LedgerBigint;
}

export interface StoreSettlementOrderTable {
  order_id: number;
  settlement_id: number;
  store_id: number;
  paid_cents: LedgerBigint;
  refunded_cents: LedgerBigint;
  commission_cents: LedgerBigint;
  net_cents: LedgerBigint;
}

export interface StoreWithdrawalTable {
  id: Generated<number>;
  store_id: number;
  amount_cents: LedgerBigint;
  state: number;
  pending_transfer_id: LedgerBigint;
  bank_code: string;
  card_last4: string;
  account_name: string;
  idempotency_key: string;
  payout_reference: string | null;
  fail_reason: string | null;
  created_at: Date;
  resolved_at: Date | null;
}

/** The ledger's tables, merged into StoreDatabase (declared here so the ledger's types stay together). */
export interface StoreDatabase {
  store_ledger_account: StoreLedgerAccountTable;
  store_ledger_transfer: StoreLedgerTransferTable;
  store_ledger_entry: StoreLedgerEntryTable;
  store_ledger_account_day: StoreLedgerAccountDayTable;
  store_ledger_pending: StoreLedgerPendingTable;
  store_settlement: StoreSettlementTable;
  store_settlement_order: StoreSettlementOrderTable;
  store_withdrawal: StoreWithdrawalTable;
}

/** A store account's movements per business day or month (view of migration 0043, docs/trade.md "Statements"). */
export interface StoreLedgerStatementView {
  store_id: number;
  account_id: number;
  account: string;
  period: 'day' | 'month';
  period_start: ColumnType<Date | string, never, never>;
  period_end: ColumnType<Date | string, never, never>;
  debits_cents: ColumnType<number | string, never, never>;
  credits_cents: ColumnType<number | string, never, never>;
  statement_id: ColumnType<string, never, never>;
}

export interface StoreDatabase {
  store_ledger_statement: StoreLedgerStatementView;
}

/** A store event of the new-order channel (migration 0045; modules/notifications/store-event-hub.ts). */
export interface StoreStreamEventTable {
  id: ColumnType<string, never, never>;
  store_id: number;
  name: string;
  data: ColumnType<unknown, string, never>;
  created_at: ColumnType<Date, never, never>;
}

/** The next turn of a periodic task that runs once across instances (migration 0045; shared/task-turns.ts). */
export interface StoreTaskTurnTable {
  task: string;
  next_run_at: Date;
  turn: ColumnType<number | string, never, never>;
  last_run_by: string | null;
}

export interface StoreDatabase {
  store_stream_event: StoreStreamEventTable;
  store_task_turn: StoreTaskTurnTable;
}
