import {
  DISPUTE_STATUS_LABELS,
  GOODS_STATUS_LABELS,
  ORDER_STATUS_LABELS,
  REFUND_KIND_LABELS,
  REFUND_STATUS_LABELS,
  STOCK_STATUS_LABELS,
  LEDGER_TRANSFER_KINDS,
  LEDGER_TRANSFER_KIND_LABELS,
  STORE_LEDGER_ACCOUNT_LABELS,
  labelOf,
  skuSpecText,
  type ComplaintRow,
  type ExportResource,
  type LocalizedText,
  type OrderRow,
  type RefundRow,
  type StatementRow,
  type SupportedLanguage,
} from '@merchant/api-contracts';
// Labels come from the contracts (one table each); ui-kit's format entry gives only pure formatters.
import { formatSecondsTimestamp, maskPhone } from '@merchant/ui-kit/format';
import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { ResourceListDefinition } from '../../shared/resource-list';
import { complaintList, refundList } from '../after-sales';
import { draftList, goodsList, skuStockList, withCategoryNamesIn, withSpecLabelsIn } from '../goods';
import { itemList } from '../inventory';
import { orderList } from '../orders';
import { statementList } from '../statements';

// The one registry of server exports (docs/export.md): each resource key of the contracts'
// EXPORT_RESOURCE_LISTS → the list definition its list call pages with (same filters, same store scope,
// same order) and the sheet's columns. A new exportable list is one entry here and one in the contracts.

export type SheetCell = string | number | null;

export interface SheetColumn<Row> {
  header: LocalizedText;
  width: number;
  value: (row: Row, language: SupportedLanguage) => SheetCell;
}

export interface ExportResourceDefinition<Row> {
  sheetName: LocalizedText;
  list: { definition: ResourceListDefinition<Row> };
  columns: readonly SheetColumn<Row>[];
  /** A page of rows as the list's screen shows them in `language` (e.g. reference names the list joins in English). */
  rowsIn?: (db: Kysely<StoreDatabase>, rows: readonly Row[], language: SupportedLanguage) => Promise<Row[]>;
}

const t = (zhCN: string, enUS: string): LocalizedText => ({ 'zh-CN': zhCN, 'en-US': enUS });
/** Cents → yuan as a number (the cell is numeric, formatted with two decimals). */
const yuan = (cents: number) => Math.round(cents) / 100;
/** Seconds → the console's 'YYYY-MM-DD HH:mm:ss' in the server's time zone (TZ; docs/export.md). */
const time = (seconds: number) => (seconds > 0 ? formatSecondsTimestamp(seconds) : '');

function defineExport<Row>(definition: ExportResourceDefinition<Row>): ExportResourceDefinition<Row> {
  return definition;
}

type GoodsRow = ReturnType<typeof goodsList.definition.map>;
const goodsColumns: readonly SheetColumn<GoodsRow>[] = [
  { header: t('商品ID', 'Goods ID'), width: 12, value: (r) => r.goodsId },
  { header: t('商品名称', 'Title'), width: 40, value: (r) => r.title },
  { header: t('品牌', 'Brand'), width: 16, value: (r) => r.brandName },
  { header: t('类目', 'Category'), width: 16, value: (r) => r.categoryName },
  { header: t('状态', 'Status'), width: 12, value: (r, lang) => labelOf(GOODS_STATUS_LABELS, r.status, lang) },
  { header: t('最低价（元）', 'Lowest price (yuan)'), width: 16, value: (r) => yuan(r.minPrice) },
  { header: t('总库存', 'Total stock'), width: 12, value: (r) => r.totalStock },
  { header: t('SKU 数', 'SKUs'), width: 8, value: (r) => r.skuCount },
  { header: t('驳回原因', 'Reject reason'), width: 24, value: (r) => r.rejectReason },
  { header: t('创建时间', 'Created'), width: 20, value: (r) => time(r.createTime) },
  { header: t('更新时间', 'Updated'), width: 20, value: (r) => time(r.updateTime) },
];

type SkuRow = ReturnType<typeof skuStockList.definition.map>;
type ItemRow = ReturnType<typeof itemList.definition.map>;

// The runner hands each definition's own rows back to its own columns, so the row type can be erased here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyExportDefinition = ExportResourceDefinition<any>;

export const EXPORT_DEFINITIONS: { readonly [K in ExportResource]: AnyExportDefinition } = {
  'goods.list': defineExport({ sheetName: t('商品列表', 'Goods'), list: goodsList, columns: goodsColumns, rowsIn: withCategoryNamesIn }),
  'goods.draft': defineExport({ sheetName: t('草稿箱', 'Drafts'), list: draftList, columns: goodsColumns, rowsIn: withCategoryNamesIn }),
  'goods.skuStock': defineExport<SkuRow>({
    sheetName: t('销售库存', 'Sales stock'),
    list: skuStockList,
    // The spec as the sales-stock screen shows it: the stored keys labelled in the export's language.
    rowsIn: withSpecLabelsIn,
    columns: [
      { header: t('SKU ID', 'SKU ID'), width: 12, value: (r) => r.skuId },
      { header: t('商品ID', 'Goods ID'), width: 12, value: (r) => r.goodsId },
      { header: t('商品名称', 'Title'), width: 40, value: (r) => r.title },
      { header: t('规格', 'Specs'), width: 24, value: (r, lang) => skuSpecText(r, lang) },
      { header: t('SKU 编码', 'SKU code'), width: 16, value: (r) => r.skuCode },
      { header: t('价格（元）', 'Price (yuan)'), width: 14, value: (r) => yuan(r.price) },
      { header: t('库存', 'Stock'), width: 10, value: (r) => r.stock },
      { header: t('预警值', 'Warning line'), width: 12, value: (r) => r.warningStock },
      { header: t('库存状态', 'Stock status'), width: 12, value: (r, lang) => labelOf(STOCK_STATUS_LABELS, r.stockStatus, lang) },
    ],
  }),
  'inventory.item': defineExport<ItemRow>({
    sheetName: t('库存列表', 'Inventory'),
    list: itemList,
    columns: [
      { header: t('库存ID', 'Item ID'), width: 12, value: (r) => r.itemId },
      { header: t('物品名称', 'Item'), width: 36, value: (r) => r.itemName },
      { header: t('规格', 'Specs'), width: 24, value: (r) => r.skuText },
      { header: t('仓库', 'Warehouse'), width: 20, value: (r) => r.warehouseName },
      { header: t('数量', 'Quantity'), width: 10, value: (r) => r.quantity },
      { header: t('预警值', 'Warning line'), width: 12, value: (r) => r.warningLine },
      { header: t('库存状态', 'Stock status'), width: 12, value: (r, lang) => labelOf(STOCK_STATUS_LABELS, r.stockStatus, lang) },
      { header: t('更新时间', 'Updated'), width: 20, value: (r) => time(r.updateTime) },
    ],
  }),
  'orders.list': defineExport<OrderRow>({
    sheetName: t('订单列表', 'Orders'),
    list: orderList,
    columns: [
      { header: t('订单号', 'Order No.'), width: 22, value: (r) => r.orderNo },
      { header: t('订单状态', 'Status'), width: 12, value: (r, lang) => labelOf(ORDER_STATUS_LABELS, r.status, lang) },
      { header: t('买家', 'Buyer'), width: 16, value: (r) => r.buyerName },
      // A file leaves the console: the phone is masked as on screen (§3 first 3 and last 4).
      { header: t('买家手机', 'Buyer phone'), width: 16, value: (r) => maskPhone(r.buyerPhone) },
      { header: t('件数', 'Items'), width: 8, value: (r) => r.itemCount },
      { header: t('订单金额（元）', 'Amount (yuan)'), width: 14, value: (r) => yuan(r.amountCents) },
      { header: t('服务订单', 'Service order'), width: 10, value: (r, lang) => (r.serviceOrder ? (lang === 'zh-CN' ? '是' : 'yes') : lang === 'zh-CN' ? '否' : 'no') },
      { header: t('下单时间', 'Created'), width: 20, value: (r) => time(r.createTime) },
      { header: t('付款时间', 'Paid'), width: 20, value: (r) => time(r.paidAt) },
    ],
  }),
  'afterSales.refunds': defineExport<RefundRow>({
    sheetName: t('售后单', 'Refunds'),
    list: refundList,
    columns: [
      { header: t('售后单号', 'After-sales No.'), width: 22, value: (r) => r.refundNo },
      { header: t('订单号', 'Order No.'), width: 22, value: (r) => r.orderNo },
      { header: t('状态', 'Status'), width: 14, value: (r, lang) => labelOf(REFUND_STATUS_LABELS, r.status, lang) },
      { header: t('类型', 'Type'), width: 14, value: (r, lang) => labelOf(REFUND_KIND_LABELS, r.kind, lang) },
      { header: t('退款金额（元）', 'Refund (yuan)'), width: 14, value: (r) => yuan(r.amountCents) },
      { header: t('原因', 'Reason'), width: 30, value: (r) => r.reason },
      { header: t('买家', 'Buyer'), width: 16, value: (r) => r.buyerName },
      { header: t('申请时间', 'Requested'), width: 20, value: (r) => time(r.createTime) },
      { header: t('更新时间', 'Updated'), width: 20, value: (r) => time(r.updateTime) },
    ],
  }),
  'afterSales.complaints': defineExport<ComplaintRow>({
    sheetName: t('投诉', 'Complaints'),
    list: complaintList,
    columns: [
      { header: t('投诉单号', 'Complaint No.'), width: 22, value: (r) => r.complaintNo },
      { header: t('订单号', 'Order No.'), width: 22, value: (r) => r.orderNo },
      { header: t('状态', 'Status'), width: 14, value: (r, lang) => labelOf(DISPUTE_STATUS_LABELS, r.status, lang) },
      { header: t('原因', 'Reason'), width: 30, value: (r) => r.reason },
      { header: t('买家', 'Buyer'), width: 16, value: (r) => r.buyerName },
      { header: t('回复数', 'Responses'), width: 10, value: (r) => r.responseCount },
      { header: t('投诉时间', 'Filed'), width: 20, value: (r) => time(r.createTime) },
      { header: t('更新时间', 'Updated'), width: 20, value: (r) => time(r.updateTime) },
    ],
  }),
  // One row per account and period: opening + in − out = closing, then each kind of movement (+ in, − out).
  'trade.statements': defineExport<StatementRow>({
    sheetName: t('对账单', 'Statements'),
    list: statementList,
    columns: [
      { header: t('周期', 'Period'), width: 8, value: (r, lang) => (r.period === 'day' ? (lang === 'zh-CN' ? '日' : 'day') : lang === 'zh-CN' ? '月' : 'month') },
      { header: t('开始日期', 'From'), width: 12, value: (r) => r.periodStart },
      { header: t('结束日期', 'To'), width: 12, value: (r) => r.periodEnd },
      { header: t('账户', 'Account'), width: 14, value: (r, lang) => labelOf(STORE_LEDGER_ACCOUNT_LABELS, r.account, lang) },
      { header: t('期初余额（元）', 'Opening (yuan)'), width: 16, value: (r) => yuan(r.openingCents) },
      { header: t('收入（元）', 'In (yuan)'), width: 14, value: (r) => yuan(r.inCents) },
      { header: t('支出（元）', 'Out (yuan)'), width: 14, value: (r) => yuan(r.outCents) },
      { header: t('期末余额（元）', 'Closing (yuan)'), width: 16, value: (r) => yuan(r.closingCents) },
      ...LEDGER_TRANSFER_KINDS.map((kind) => ({
        header: t(`${labelOf(LEDGER_TRANSFER_KIND_LABELS, kind, 'zh-CN')}（元）`, `${labelOf(LEDGER_TRANSFER_KIND_LABELS, kind, 'en-US')} (yuan)`),
        width: 16,
        value: (r: StatementRow) => yuan(r.byKind.find((k) => k.kind === kind)?.netCents ?? 0),
      })),
    ],
  }),
};
