/**
 * The permission codes of the console (docs/permissions.md). A code is `<area>:<action>`; a route
 * or button that needs one names it from here. The store owner holds every code; a sub-account
 * holds the union of its roles' codes. Codes are stored in the database, so renaming one needs a
 * migration.
 */
import type { LocalizedText } from './languages';

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
  /** Open, sign and close delivery by a service provider (the store's agreement with it). */
  providerDeliveryManage: 'provider-delivery:manage',

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

// ---------------------------------------------------------------------------------------------------
// What each code is called and lets one do, written once (issue 26 §4): the role editor, the staff
// screens' effective-access report and any later screen read these; store-server needs none of them.

/** A code's name and a one-line description of what it lets one do, in every supported language. */
export interface PermissionLabel {
  name: LocalizedText;
  description: LocalizedText;
}

const label = (zhName: string, enName: string, zhDescription: string, enDescription: string): PermissionLabel => ({
  name: { 'zh-CN': zhName, 'en-US': enName },
  description: { 'zh-CN': zhDescription, 'en-US': enDescription },
});

export const PERMISSION_LABELS: Readonly<Record<PermissionCode, PermissionLabel>> = {
  'dashboard:view': label('查看首页', 'View the home page', '查看首页数据、订单统计和到期提醒', 'See the home page figures, order counts and expiry prompts'),
  'account:view': label('查看账户', 'View the account', '查看当前登录账户的信息', "See the signed-in user's account information"),
  'account:edit': label('修改账户', 'Edit the account', '修改店铺手机、邮箱、登录密码和结算银行卡', "Change the store's mobile, e-mail, sign-in password and settlement bank card"),
  'pay:password': label('支付密码', 'Pay password', '初始化、设置和修改店铺支付密码', "Initialise, set and change the store's pay password"),
  'staff:manage': label('管理子账号', 'Manage staff', '新增、修改、停用子账号，管理角色和权限', 'Add, edit and disable staff accounts, and manage roles and their codes'),
  'shop:view': label('查看店铺', 'View the shop', '查看店铺信息、证照、法人和结算账户', 'See the shop profile, licences, legal person and settlement account'),
  'shop:edit': label('修改店铺', 'Edit the shop', '修改店铺信息，申请店名、证照和法人变更', 'Edit the shop profile and ask for name, licence and legal-person changes'),
  'shop:categories': label('经营类目', 'Business categories', '申请变更店铺经营类目', "Ask to change the store's business categories"),
  'shop:deregister': label('注销店铺', 'Close the shop', '申请注销店铺', 'Ask the platform to close the shop'),
  'templates:manage': label('管理模板', 'Manage templates', '管理运费、搬运费和售后说明模板及配送范围', 'Manage freight, cartage and after-sale templates and the delivery range'),
  'brand:manage': label('管理品牌', 'Manage brands', '申请和管理品牌', 'Apply for and manage brands'),
  'provider-delivery:manage': label('服务商配送', 'Provider delivery', '开通、签署和关闭服务商配送', 'Open, sign and close delivery by a service provider'),
  'goods:view': label('查看商品', 'View goods', '查看商品、草稿、库存和库存预警', 'See goods, drafts, stock and stock warnings'),
  'goods:edit': label('发布商品', 'Release goods', '发布和编辑商品及草稿', 'Release and edit goods and drafts'),
  'goods:shelf': label('上下架', 'Shelve goods', '商品上架和下架', 'Put goods on and off the shelf'),
  'goods:delete': label('删除商品', 'Delete goods', '删除商品', 'Delete goods'),
  'goods:stock': label('商品库存', 'Goods stock', '修改商品销售库存，处理库存预警', "Change goods' sales stock and handle stock warnings"),
  'order:view': label('查看订单', 'View orders', '查看订单和发货信息', 'See orders and their shipping'),
  'order:ship': label('订单发货', 'Ship orders', '发货、确认送达、延长退货期', 'Ship, mark delivered and extend the return period'),
  'order:export': label('导出订单', 'Export orders', '导出订单列表', 'Export the order list'),
  'after-sales:view': label('查看售后', 'View after-sales', '查看售后、退款和投诉', 'See after-sales, refunds and complaints'),
  'after-sales:handle': label('处理售后', 'Handle after-sales', '处理退款和投诉', 'Handle refunds and complaints'),
  'evaluation:reply': label('回复评价', 'Reply to reviews', '回复订单评价', 'Reply to order reviews'),
  'marketing:view': label('查看营销', 'View marketing', '查看营销活动', 'See marketing activities'),
  'marketing:edit': label('报名活动', 'Join activities', '报名活动、团购和限时购', 'Apply for activities, group buys and time-limited sales'),
  'coupons:manage': label('管理优惠券', 'Manage coupons', '创建和管理优惠券', 'Create and manage coupons'),
  'inventory:view': label('查看仓储', 'View inventory', '查看服务商仓库的库存、盘点和出入库', "See the warehouse's stock, counts, inbound and outbound"),
  'inventory:edit': label('管理仓储', 'Manage inventory', '盘点、预警配置、入库和出库申请', 'Counts, warning settings, inbound and outbound applications'),
  'trade:view': label('查看交易', 'View trade', '查看交易订单、退款、账单和结算', 'See trade orders, refunds, bills and settlements'),
  'wallet:view': label('查看钱包', 'View the wallet', '查看钱包余额和资金流水', 'See the wallet balance and money flow'),
  'wallet:withdraw': label('提现', 'Withdraw', '从钱包提现到结算账户', 'Withdraw money from the wallet to the settlement account'),
  'wallet:top-up': label('充值', 'Top up', '向钱包充值', 'Top up the wallet'),
  'media:view': label('查看素材', 'View media', '浏览和选择素材库文件', 'Browse and pick media-library files'),
  'media:upload': label('上传素材', 'Upload media', '上传文件，编辑标签', 'Upload files and edit their tags'),
  'media:delete': label('删除素材', 'Delete media', '删除素材库文件', 'Delete media-library files'),
  'im:chat': label('客服聊天', 'Chat', '在客服窗口与顾客聊天', 'Chat with customers in the IM window'),
};

/** An area of the catalogue (docs/permissions.md's table): how screens group the codes. */
export interface PermissionArea {
  key: string;
  name: LocalizedText;
  codes: readonly PermissionCode[];
}

export const PERMISSION_AREAS: readonly PermissionArea[] = [
  { key: 'home', name: { 'zh-CN': '首页', 'en-US': 'Home' }, codes: ['dashboard:view'] },
  { key: 'account', name: { 'zh-CN': '账户', 'en-US': 'Account' }, codes: ['account:view', 'account:edit', 'pay:password', 'staff:manage'] },
  { key: 'shop', name: { 'zh-CN': '店铺', 'en-US': 'Shop' }, codes: ['shop:view', 'shop:edit', 'shop:categories', 'shop:deregister', 'templates:manage', 'brand:manage', 'provider-delivery:manage'] },
  { key: 'goods', name: { 'zh-CN': '商品', 'en-US': 'Goods' }, codes: ['goods:view', 'goods:edit', 'goods:shelf', 'goods:delete', 'goods:stock'] },
  { key: 'orders', name: { 'zh-CN': '订单', 'en-US': 'Orders' }, codes: ['order:view', 'order:ship', 'order:export', 'after-sales:view', 'after-sales:handle', 'evaluation:reply'] },
  { key: 'marketing', name: { 'zh-CN': '营销', 'en-US': 'Marketing' }, codes: ['marketing:view', 'marketing:edit', 'coupons:manage'] },
  { key: 'inventory', name: { 'zh-CN': '仓储', 'en-US': 'Inventory' }, codes: ['inventory:view', 'inventory:edit'] },
  { key: 'trade', name: { 'zh-CN': '交易与钱包', 'en-US': 'Trade and wallet' }, codes: ['trade:view', 'wallet:view', 'wallet:withdraw', 'wallet:top-up'] },
  { key: 'media', name: { 'zh-CN': '素材库', 'en-US': 'Media library' }, codes: ['media:view', 'media:upload', 'media:delete'] },
  { key: 'im', name: { 'zh-CN': '客服', 'en-US': 'Customer chat' }, codes: ['im:chat'] },
];
