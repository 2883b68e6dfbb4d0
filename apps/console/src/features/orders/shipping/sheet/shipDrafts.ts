// The lines of a bulk shipment as the merchant edits them (from the selected orders or from a sheet),
// and their checks before anything is sent: the order each line names, the carrier from the list, and
// the tracking number by the contract's own rule (shipOrderBiz). Only lines without errors are sent;
// the server still checks each row and answers per row (bulkShip).
import { carrierCodeOf, ORDER_LIMITS, problemOf, shipOrderBiz, type OrderRow } from '@merchant/api-contracts';
import type { SheetColumn, SheetLine } from './shipmentSheet';

/** An error of a line: an i18n key under `shipping.rowError` and its values. */
export interface RowError {
  field: 'order' | 'carrier' | 'trackingNo';
  key: string;
  values?: Record<string, string | number>;
}

export interface ShipDraft {
  /** Stable React key. */
  key: string;
  /** The sheet's row number, when the line came from a file. */
  line: number | null;
  orderId: number | null;
  orderNo: string;
  /** A carrier code from CARRIERS, or '' when none is chosen. */
  carrier: string;
  /** What the sheet said when it named no carrier of the list (shown in the error until a carrier is chosen). */
  carrierText: string;
  trackingNo: string;
  /** Problems of the order reference found when the line was read (the order cannot be edited in place). */
  orderError: RowError | null;
  /** The tracking number's cell held a number that lost digits (until the merchant types it again). */
  trackingLostDigits: boolean;
  /** The server's answer to the last send of this line, when it failed. */
  lastFailure?: { code: string; msg: string };
}

/** What the import knows of the store's orders to ship, to turn an order number into the id bulkShip takes. */
export interface ToShipIndex {
  byNo: ReadonlyMap<string, number>;
  ids: ReadonlySet<number>;
  /** Every order to ship is in the index (not cut at a limit): an id missing from it is surely not to ship. */
  complete: boolean;
}

export function toShipIndex(orders: readonly Pick<OrderRow, 'orderId' | 'orderNo'>[], complete: boolean): ToShipIndex {
  return { byNo: new Map(orders.map((order) => [order.orderNo, order.orderId])), ids: new Set(orders.map((order) => order.orderId)), complete };
}

export function draftFromOrder(order: Pick<OrderRow, 'orderId' | 'orderNo'>): ShipDraft {
  return { key: `order-${order.orderId}`, line: null, orderId: order.orderId, orderNo: order.orderNo, carrier: '', carrierText: '', trackingNo: '', orderError: null, trackingLostDigits: false };
}

const POSITIVE_INTEGER = /^[1-9]\d*$/;

function orderOfLine(line: SheetLine, index: ToShipIndex): { orderId: number | null; orderNo: string; error: RowError | null } {
  const lost = line.lostDigits.find((column): column is Extract<SheetColumn, 'orderNo' | 'orderId'> => column === 'orderNo' || column === 'orderId');
  if (lost) return { orderId: null, orderNo: line.orderNo, error: { field: 'order', key: 'lostDigits', values: { column: lost } } };
  const byNo = line.orderNo ? index.byNo.get(line.orderNo) : undefined;
  if (line.orderId) {
    if (!POSITIVE_INTEGER.test(line.orderId) || !Number.isSafeInteger(Number(line.orderId))) return { orderId: null, orderNo: line.orderNo, error: { field: 'order', key: 'orderIdInvalid' } };
    const orderId = Number(line.orderId);
    if (line.orderNo && byNo !== undefined && byNo !== orderId) return { orderId, orderNo: line.orderNo, error: { field: 'order', key: 'orderMismatch' } };
    const orderNo = line.orderNo || [...index.byNo].find(([, id]) => id === orderId)?.[0] || '';
    if (index.complete && !index.ids.has(orderId)) return { orderId, orderNo, error: { field: 'order', key: 'orderNotToShip' } };
    return { orderId, orderNo, error: null };
  }
  if (!line.orderNo) return { orderId: null, orderNo: '', error: { field: 'order', key: 'orderMissing' } };
  if (byNo === undefined) return { orderId: null, orderNo: line.orderNo, error: { field: 'order', key: 'orderNoUnknown', values: { orderNo: line.orderNo } } };
  return { orderId: byNo, orderNo: line.orderNo, error: null };
}

/** A sheet line as a draft: the order resolved through the index, the carrier matched to the list. */
export function draftFromLine(line: SheetLine, index: ToShipIndex): ShipDraft {
  const order = orderOfLine(line, index);
  const carrier = carrierCodeOf(line.carrier) ?? '';
  return {
    key: `line-${line.line}`,
    line: line.line,
    orderId: order.orderId,
    orderNo: order.orderNo,
    carrier,
    carrierText: carrier ? '' : line.carrier,
    trackingNo: line.trackingNo,
    orderError: order.error,
    trackingLostDigits: line.lostDigits.includes('trackingNo'),
  };
}

const trackingRule = shipOrderBiz.shape.trackingNo;

/** The contract's tracking-number rule, in the merchant's words (keys of shipping.rowError). */
export function trackingError(trackingNo: string): RowError | null {
  const checked = trackingRule.safeParse(trackingNo);
  if (checked.success) return null;
  const issue = checked.error.issues[0];
  // The rule the contract reports (its code, never its text).
  const { rule } = issue ? problemOf(issue, trackingNo) : { rule: 'invalid' };
  if (rule === 'required') return { field: 'trackingNo', key: 'trackingMissing' };
  if (rule === 'maxLength') return { field: 'trackingNo', key: 'trackingTooLong', values: { max: ORDER_LIMITS.trackingNoMax } };
  return { field: 'trackingNo', key: 'trackingFormat' };
}

export function carrierError(draft: Pick<ShipDraft, 'carrier' | 'carrierText'>): RowError | null {
  if (draft.carrier) return null;
  return draft.carrierText ? { field: 'carrier', key: 'carrierUnknown', values: { carrier: draft.carrierText } } : { field: 'carrier', key: 'carrierMissing' };
}

/** Every line's errors, in line order; a line naming the same order as an earlier one is an error too. */
export function draftErrors(drafts: readonly ShipDraft[]): RowError[][] {
  const firstLineOf = new Map<number, number | string>();
  return drafts.map((draft, position) => {
    const errors: RowError[] = [];
    if (draft.orderError) errors.push(draft.orderError);
    else if (draft.orderId !== null) {
      const earlier = firstLineOf.get(draft.orderId);
      if (earlier !== undefined) errors.push({ field: 'order', key: 'duplicate', values: { line: earlier } });
      else firstLineOf.set(draft.orderId, draft.line ?? position + 1);
    }
    const carrier = carrierError(draft);
    if (carrier) errors.push(carrier);
    const tracking = draft.trackingLostDigits ? { field: 'trackingNo' as const, key: 'lostDigits', values: { column: 'trackingNo' } } : trackingError(draft.trackingNo);
    if (tracking) errors.push(tracking);
    return errors;
  });
}

/** The bulkShip row of a checked line (the trimmed values the contract takes). */
export function shipRow(draft: ShipDraft): { orderId: number; carrier: string; trackingNo: string } {
  return shipOrderBiz.parse({ orderId: draft.orderId, carrier: draft.carrier, trackingNo: draft.trackingNo });
}
