/**
 * The permission codes of the console (docs/permissions.md). A code is `<area>:<action>`; a route
 * or button that needs one names it from here. The store owner holds every code; a sub-account
 * holds the union of its roles' codes. Codes are stored in the database, so renaming one needs a
 * migration.
 */
export const PERMISSIONS = {
  /** Home page figures, order counts and expiry prompts. */
  dashboardView: 'dashboard:view',

  /** Account info of the signed-in user. */
  accountView: 'account:view',
  /** Change the store's mobile, e-mail, sign-in password and bank card. */
  accountEdit: 'account:edit',
  /** Initialise, set and update the store's pay password. */
  payPassword: 'pay:password',
  /** Manage sub-accounts and their roles (merchant centre). */
  staffManage: 'staff:manage',

  /** Shop info, licences, legal person, settlement details. */
  shopView: 'shop:view',
  shopEdit: 'shop:edit',
  /** Business categories of the store. */
  shopCategories: 'shop:categories',
  /** Store deregistration (logout of the platform). */
  shopDeregister: 'shop:deregister',
  /** Freight, cartage and after-sale explanation templates, delivery range. */
  templatesManage: 'templates:manage',
  /** Brand applications and brand management. */
  brandManage: 'brand:manage',

  goodsView: 'goods:view',
  /** Release and edit goods and drafts. */
  goodsEdit: 'goods:edit',
  /** Put goods on and off the shelf. */
  goodsShelf: 'goods:shelf',
  goodsDelete: 'goods:delete',
  /** Sales stock and inventory warnings of goods. */
  goodsStock: 'goods:stock',

  orderView: 'order:view',
  /** Ship, deliver, extend the return period. */
  orderShip: 'order:ship',
  orderExport: 'order:export',
  /** After-sales, refunds and complaints. */
  afterSalesView: 'after-sales:view',
  afterSalesHandle: 'after-sales:handle',
  /** Reply to order evaluations. */
  evaluationReply: 'evaluation:reply',

  marketingView: 'marketing:view',
  /** Apply for activities, group buys and time-limited sales. */
  marketingEdit: 'marketing:edit',
  couponsManage: 'coupons:manage',

  inventoryView: 'inventory:view',
  /** Inventory counts, warning configuration, warehousing and outbound applications. */
  inventoryEdit: 'inventory:edit',

  /** Trade orders, refunds, bills and settlement inquiry. */
  tradeView: 'trade:view',
  /** Wallet balance and money flow. */
  walletView: 'wallet:view',
  walletWithdraw: 'wallet:withdraw',
  walletTopUp: 'wallet:top-up',

  /** Browse and pick files of the media library. */
  mediaView: 'media:view',
  /** Upload files and edit their tags. */
  mediaUpload: 'media:upload',
  /** Delete a media-library file. */
  mediaDelete: 'media:delete',

  /** Chat with customers in the IM frame. */
  imChat: 'im:chat',
} as const;

export type PermissionName = keyof typeof PERMISSIONS;
export type PermissionCode = (typeof PERMISSIONS)[PermissionName];

/** Every permission code, in catalogue order: what the store owner holds. */
export const ALL_PERMISSION_CODES: readonly PermissionCode[] = Object.freeze(Object.values(PERMISSIONS));

const KNOWN_PERMISSIONS = new Set<string>(ALL_PERMISSION_CODES);

export function isPermissionCode(value: unknown): value is PermissionCode {
  return typeof value === 'string' && KNOWN_PERMISSIONS.has(value);
}

/** Whether a user holding `granted` may use something that needs `required` (no code needed → allowed). */
export function hasPermission(granted: readonly string[], required: PermissionCode | undefined): boolean {
  return required === undefined || granted.includes(required);
}
