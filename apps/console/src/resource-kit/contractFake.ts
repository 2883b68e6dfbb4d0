// Test helper: a fake-server handler that speaks a contract. A biz the contract refuses gets
// 10100001 (as store-server answers); an answer the contract does not allow fails the test, so a
// fake cannot answer what the real server never would.
import { describeValidationError, STORE_CODES, type AnyEndpoint, type EndpointAnswer, type EndpointParsedBiz } from '@merchant/api-contracts';
import type { FakeStoreServer } from '../../test/fakeStoreServer';

export function onContract<C extends AnyEndpoint>(server: FakeStoreServer, contract: C, answer: (biz: EndpointParsedBiz<C>) => EndpointAnswer<C>): void {
  server.on(contract.path, ({ biz }) => {
    const parsed = contract.biz.safeParse(biz);
    if (!parsed.success) return { code: STORE_CODES.invalidParameter, msg: describeValidationError(parsed.error, biz) };
    const data = answer(parsed.data as EndpointParsedBiz<C>);
    const checked = contract.data.safeParse(data);
    if (!checked.success) throw new Error(`fake answer of ${contract.path} breaks its contract: ${checked.error.message}`);
    return { code: STORE_CODES.success, msg: 'success', data };
  });
}

/** One page of `rows` as a list contract answers it. */
export function pageOf<Row>(rows: readonly Row[], biz: { pageNum?: number; pageSize?: number }) {
  const pageNum = biz.pageNum ?? 1;
  const pageSize = biz.pageSize ?? 5;
  return { pageNum, pageSize, total: rows.length, list: rows.slice((pageNum - 1) * pageSize, pageNum * pageSize) };
}
