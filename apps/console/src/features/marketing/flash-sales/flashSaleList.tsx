// /marketing/TimeLimit (issue 28 §3): the store's time-limited sales, newest first, by phase (tabs: upcoming,
// running, ended, stopped) and name. Each row shows its current or next slot with the ui-kit countdown to the slot's
// end or start, counted from the server's time. Row actions: details, orders, edit (the add form with ?id=, while
// not ended or stopped) and stop (asks first). The same definition draws details (per SKU: stock left and sold) and
// the add / edit form.
import { z } from 'zod';
import type { TFunction } from 'i18next';
import { FLASH_SALE_PHASE, FLASH_SALE_PHASE_LABELS, PERMISSIONS, flashSaleEndpoints } from '@merchant/api-contracts';
import { Countdown, formatCents, formatSecondsTimestamp, searchText } from '@merchant/ui-kit';
import { RecordTable, StatusChip, defineResource, listArg, statusFromLabels, type ResourceColumn, type ResourceTextContext } from '../../../resource-kit';
import { flashSalesApi, type FlashSaleDetails, type FlashSaleListQuery, type FlashSaleRow } from './api';
import { FLASH_SALE_FORM_DEFAULTS, FLASH_SALE_FORM_FIELDS, flashSaleBiz, flashSaleValues, minuteText, type FlashSaleFormValues } from './flashSaleForm';
import { FLASH_SALE_PATHS, flashSaleAddress } from './paths';
import { storeClock, storeDay } from './storeTime';

export const FLASH_SALE_PHASE_STATUS = statusFromLabels(FLASH_SALE_PHASE_LABELS.labels, {
  [FLASH_SALE_PHASE.upcoming]: 'info',
  [FLASH_SALE_PHASE.running]: 'success',
  [FLASH_SALE_PHASE.ended]: 'default',
  [FLASH_SALE_PHASE.stopped]: 'warning',
});

const slotsText = (slots: FlashSaleRow['slots']) => slots.map((slot) => `${minuteText(slot.startMinute)}–${minuteText(slot.endMinute)}`).join(', ');
const editable = (row: Pick<FlashSaleRow, 'phase'>) => row.phase === FLASH_SALE_PHASE.upcoming || row.phase === FLASH_SALE_PHASE.running;

/** "On now, 10:00–12:00, ends in" / "Next 12-08 20:00–22:00, starts in", the countdown after it. */
function slotText(row: FlashSaleRow, t: TFunction): string {
  if (!row.slot) return t('flashSales.noSlot');
  const range = `${row.slot.current ? '' : `${storeDay(row.slot.startTime).slice(5)} `}${storeClock(row.slot.startTime)}–${storeClock(row.slot.endTime, { end: true })}`;
  return t(row.slot.current ? 'flashSales.slotRunning' : 'flashSales.slotNext', { range });
}

const COLUMNS: ResourceColumn<FlashSaleRow>[] = [
  { key: 'name', titleKey: 'flashSales.field.name', width: 180, hideable: false },
  {
    key: 'slot',
    titleKey: 'flashSales.field.slot',
    width: 260,
    format: (row, { t }) => slotText(row, t),
    render: (row, { t }) =>
      row.slot ? (
        <span>
          {slotText(row, t)} <Countdown endTime={row.slot.current ? row.slot.endTime : row.slot.startTime} now={() => Date.now() + row.clockOffsetMs} />
        </span>
      ) : (
        t('flashSales.noSlot')
      ),
  },
  { key: 'slots', titleKey: 'flashSales.field.slots', width: 150, format: (row) => slotsText(row.slots) },
  { key: 'window', derived: true, titleKey: 'flashSales.field.window', width: 190, format: (row) => `${storeDay(row.startTime)} – ${storeDay(row.endTime)}` },
  { key: 'stockLeft', titleKey: 'flashSales.field.stock', width: 110, align: 'right', format: (row, { t }) => t('flashSales.stockText', { left: row.stockLeft, sold: row.sold }) },
  { key: 'perBuyerLimit', titleKey: 'flashSales.field.perBuyerLimit', width: 110, hidden: true, format: (row, { t }) => t('flashSales.perBuyerText', { count: row.perBuyerLimit }) },
  { key: 'phase', titleKey: 'flashSales.field.phase', width: 90, status: FLASH_SALE_PHASE_STATUS },
  { key: 'createTime', titleKey: 'flashSales.field.createTime', width: 165, hidden: true, format: (row) => formatSecondsTimestamp(row.createTime) },
];

type SkuRow = FlashSaleDetails['skus'][number];
const SKU_COLUMNS: ResourceColumn<SkuRow>[] = [
  { key: 'title', titleKey: 'flashSales.details.sku', format: (row) => `${row.title} ${row.specText}`.trim() },
  { key: 'listPriceCents', titleKey: 'flashSales.details.listPrice', align: 'right', format: (row) => `¥${formatCents(row.listPriceCents)}` },
  { key: 'priceCents', titleKey: 'flashSales.details.price', align: 'right', format: (row) => `¥${formatCents(row.priceCents)}` },
  { key: 'stock', titleKey: 'flashSales.details.stock', align: 'right' },
  { key: 'stockLeft', titleKey: 'flashSales.details.left', align: 'right' },
  { key: 'sold', titleKey: 'flashSales.details.sold', align: 'right' },
];

const detailOf = (format: (details: FlashSaleDetails, context: ResourceTextContext) => string) => format;
const manage = PERMISSIONS.marketingEdit;
const view = PERMISSIONS.marketingView;
const api = flashSalesApi.endpoints;

export const flashSales = defineResource<FlashSaleRow, FlashSaleListQuery, FlashSaleDetails, { saleId: number }, FlashSaleFormValues, { saleId: number }>({
  key: 'marketing.flashSales',
  titleKey: 'flashSales.menu.list',
  rowId: (row) => row.saleId,
  listPath: FLASH_SALE_PATHS.list,
  detail: {
    endpoint: api.flashSaleDetails,
    toArg: (id) => ({ saleId: Number(id) }),
    fields: [
      { key: 'name', labelKey: 'flashSales.field.name', format: detailOf(({ sale }) => sale.name) },
      { key: 'phase', labelKey: 'flashSales.field.phase', render: ({ sale }, context) => <StatusChip status={FLASH_SALE_PHASE_STATUS} value={sale.phase} context={context} /> },
      { key: 'window', labelKey: 'flashSales.field.window', format: detailOf(({ sale }) => `${formatSecondsTimestamp(sale.startTime)} – ${formatSecondsTimestamp(sale.endTime)}`) },
      { key: 'slots', labelKey: 'flashSales.field.slots', format: detailOf(({ sale }) => slotsText(sale.slots)) },
      { key: 'perBuyerLimit', labelKey: 'flashSales.field.perBuyerLimit', format: detailOf(({ sale }, { t }) => t('flashSales.perBuyerText', { count: sale.perBuyerLimit })) },
      { key: 'stock', labelKey: 'flashSales.field.stock', format: detailOf(({ sale }, { t }) => t('flashSales.stockText', { left: sale.stockLeft, sold: sale.sold })) },
    ],
    extra: (details) => <RecordTable titleKey="flashSales.details.skus" rows={details.skus} columns={SKU_COLUMNS} rowKey={(row) => row.skuId} />,
  },
  form: {
    schema: flashSaleEndpoints.addFlashSale.biz,
    toBiz: flashSaleBiz,
    defaults: FLASH_SALE_FORM_DEFAULTS,
    fields: FLASH_SALE_FORM_FIELDS,
    load: { endpoint: api.flashSaleDetails, toArg: (id) => ({ saleId: Number(id) }), toValues: flashSaleValues },
    create: { endpoint: api.addFlashSale as never, contract: flashSaleEndpoints.addFlashSale },
    update: { endpoint: api.editFlashSale as never, contract: flashSaleEndpoints.editFlashSale, toBiz: (values, id) => ({ saleId: Number(id), ...(values as object) }) },
  },
  list: {
    endpoint: api.flashSaleList,
    toArg: listArg<FlashSaleListQuery>(),
    search: (t: TFunction) => z.object({ name: searchText({ label: t('flashSales.field.name') }) }),
    tabs: { field: 'phase', options: FLASH_SALE_PHASE_STATUS.options },
    columns: COLUMNS,
    toolbar: [{ key: 'add', labelKey: 'flashSales.action.add', permission: manage, to: FLASH_SALE_PATHS.add }],
    rowActions: [
      { key: 'details', labelKey: 'flashSales.action.details', permission: view, to: (row) => flashSaleAddress(FLASH_SALE_PATHS.details, row.saleId) },
      { key: 'orders', labelKey: 'flashSales.action.orders', permission: view, to: (row) => flashSaleAddress(FLASH_SALE_PATHS.order, row.saleId) },
      { key: 'edit', labelKey: 'flashSales.action.edit', permission: manage, when: editable, to: (row) => flashSaleAddress(FLASH_SALE_PATHS.add, row.saleId) },
      {
        key: 'stop',
        labelKey: 'flashSales.action.stop',
        permission: manage,
        color: 'warning',
        when: editable,
        confirm: { titleKey: 'flashSales.stopTitle', contentKey: 'flashSales.stopText' },
        run: (row, context) => context.perform(api.stopFlashSale, { saleId: row.saleId }, 'flashSales.stopped'),
      },
    ],
    emptyKey: 'flashSales.empty',
  },
});
