// Sending a bulk shipment in batches: at most 200 rows a call, in order, progress after each batch, each
// row's own answer kept; a batch the server never answered marks only its rows failed (and unanswered).
import { STORE_CODES } from '@merchant/api-contracts';
import { sendInBatches, type ShipRowRequest } from './sendInBatches';

const rows: ShipRowRequest[] = Array.from({ length: 450 }, (_unused, index) => ({ orderId: index + 1, carrier: 'SF', trackingNo: `SF${index + 1}` }));

describe('sendInBatches', () => {
  it('sends 200, 200 and 50 rows in order and reports the progress after each batch', async () => {
    const sizes: number[] = [];
    const progress: Array<[number, number]> = [];
    const results = await sendInBatches(
      rows,
      async (batch) => {
        sizes.push(batch.length);
        // Every 7th order is refused by the server (already shipped).
        return { results: batch.map((row) => (row.orderId % 7 === 0 ? { ok: false, code: STORE_CODES.notAllowedInCurrentState, msg: 'not allowed in the current state', shipmentId: null } : { ok: true, code: STORE_CODES.success, msg: 'succeeded', shipmentId: row.orderId + 1000 })) };
      },
      (done, total) => progress.push([done, total]),
    );
    expect(sizes).toEqual([200, 200, 50]);
    expect(progress).toEqual([[0, 450], [200, 450], [400, 450], [450, 450]]);
    expect(results).toHaveLength(450);
    expect(results[6]).toEqual({ ok: false, code: '10100005', msg: 'not allowed in the current state', shipmentId: null });
    expect(results[449]).toEqual({ ok: true, code: '00000000', msg: 'succeeded', shipmentId: 1450 });
    expect(results.filter((result) => !result.ok)).toHaveLength(64);
  });

  it('marks the rows of an unanswered batch failed with the transport code and goes on with the next batch', async () => {
    let call = 0;
    const results = await sendInBatches(
      rows.slice(0, 5),
      async (batch) => {
        call += 1;
        if (call === 1) throw { code: '99999999', msg: 'request timed out' };
        return { results: batch.map((row) => ({ ok: true, code: STORE_CODES.success, msg: '', shipmentId: row.orderId })) };
      },
      () => undefined,
      2,
    );
    expect(results.map((result) => [result.ok, result.code, result.unanswered ?? false])).toEqual([
      [false, '99999999', true],
      [false, '99999999', true],
      [true, '00000000', false],
      [true, '00000000', false],
      [true, '00000000', false],
    ]);
    expect(results[0]!.msg).toBe('request timed out');
  });

  it('never reads a missing answer as a success', async () => {
    const results = await sendInBatches(rows.slice(0, 2), async () => ({ results: [{ ok: true, code: STORE_CODES.success, msg: '', shipmentId: 1 }] }), () => undefined);
    expect(results.map((result) => result.ok)).toEqual([true, false]);
  });
});
