// Sending a bulk shipment: the checked rows go to bulkShip in batches of at most ORDER_LIMITS.bulkShipMax,
// one after another, with the progress after each. A batch the server never answered (timeout, network)
// marks its rows failed with the transport's code and text; retrying them is safe, because an order that
// did ship meanwhile is refused (10100005) rather than shipped twice.
import { ORDER_LIMITS, STORE_CODES } from '@merchant/api-contracts';

export interface ShipRowRequest {
  orderId: number;
  carrier: string;
  trackingNo: string;
}

/** The answer to one row, in the order the rows were given. */
export interface ShipRowResult {
  ok: boolean;
  code: string;
  msg: string;
  shipmentId: number | null;
  /** The whole batch went unanswered (not a refusal of this row). */
  unanswered?: boolean;
}

export type SendBatch = (rows: ShipRowRequest[]) => Promise<{ results: Array<{ ok: boolean; code: string; msg: string; shipmentId: number | null }> }>;

/** The code and text of a failed call (the baseQuery's error), for the rows it leaves unanswered. */
export function failureOf(error: unknown): { code: string; msg: string } {
  const { code, msg, message } = (error && typeof error === 'object' ? error : {}) as { code?: unknown; msg?: unknown; message?: unknown };
  return { code: typeof code === 'string' ? code : '', msg: typeof msg === 'string' && msg ? msg : typeof message === 'string' ? message : String(error) };
}

export async function sendInBatches(rows: readonly ShipRowRequest[], send: SendBatch, onProgress: (done: number, total: number) => void, batchSize: number = ORDER_LIMITS.bulkShipMax): Promise<ShipRowResult[]> {
  const results: ShipRowResult[] = [];
  onProgress(0, rows.length);
  for (let start = 0; start < rows.length; start += batchSize) {
    const batch = rows.slice(start, start + batchSize);
    try {
      const answer = await send(batch);
      batch.forEach((_row, index) => {
        const result = answer.results[index];
        // A missing answer is a failure to show, never a silent success.
        results.push(result ? { ok: result.ok, code: result.code, msg: result.msg, shipmentId: result.shipmentId } : { ok: false, code: STORE_CODES.invalidParameter, msg: '', shipmentId: null, unanswered: true });
      });
    } catch (error) {
      const failure = failureOf(error);
      for (const _row of batch) results.push({ ok: false, ...failure, shipmentId: null, unanswered: true });
    }
    onProgress(results.length, rows.length);
  }
  return results;
}
