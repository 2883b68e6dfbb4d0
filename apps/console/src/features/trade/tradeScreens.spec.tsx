// The trade read screens (TransactionManagement/tradeOrder and rfundQuery, with their views) through the whole
// console against a contract-checked fake server: the §8 app and payment-method labels with their 'unmatched'
// fallbacks, §4's refund mapping with 5, the filters sent as the contract's biz, the views, the language switch,
// and a staff member without trade:view.
import { screen, waitFor, within } from '@testing-library/react';
import { PERMISSIONS, tradeEndpoints as T, type TradeOrderDetail, type TradeOrderRow, type TradeRefundDetail, type TradeRefundRow } from '@merchant/api-contracts';
import { DEMO_USER, createFakeStoreServer, type FakeUser } from '../../../test/fakeStoreServer';
import { renderConsole, waitForPath } from '../../../test/renderConsole';
import { onContract, pageOf } from '../../resource-kit/contractFake';
import { TRADE_PATHS } from './paths';

jest.setTimeout(120_000);

const LIST = { timeout: 30_000 };
const PAID = 1_765_000_000;
const owner: FakeUser = { ...DEMO_USER, token: 'token-trade', info: { ...DEMO_USER.info, permissions: Object.values(PERMISSIONS) } };
const noTrade: FakeUser = { ...DEMO_USER, token: 'token-no-trade', info: { ...DEMO_USER.info, permissions: Object.values(PERMISSIONS).filter((code) => code !== PERMISSIONS.tradeView) } };

const payments: TradeOrderRow[] = [
  { orderId: 11, orderNo: '202512070000000011', payTime: PAID, amountCents: 12_000, refundedCents: 4_000, appCode: 2, payMethod: 'ALIPAY_APP', status: 4, buyerName: 'Li Lei' },
  { orderId: 12, orderNo: '202512070000000012', payTime: PAID - 60, amountCents: 3_550, refundedCents: 0, appCode: 4, payMethod: 'TENPAY', status: 1, buyerName: 'Han Meimei' },
  { orderId: 13, orderNo: '202512070000000013', payTime: PAID - 120, amountCents: 800, refundedCents: 0, appCode: 9, payMethod: 'UNIONPAY', status: 2, buyerName: 'Wang Fang' },
];
const refunds: TradeRefundRow[] = [
  { refundId: 31, refundNo: 'R202512070031', orderId: 11, orderNo: payments[0]!.orderNo, status: 5, amountCents: 4_000, appCode: 2, payMethod: 'ALIPAY_APP', buyerName: 'Li Lei', createTime: PAID + 600, refundTime: PAID + 900 },
  { refundId: 32, refundNo: 'R202512070032', orderId: 11, orderNo: payments[0]!.orderNo, status: 0, amountCents: 1_000, appCode: 2, payMethod: 'ALIPAY_APP', buyerName: 'Li Lei', createTime: PAID + 700, refundTime: null },
];

function renderTrade(path: string, user: FakeUser = owner) {
  const server = createFakeStoreServer([user]);
  onContract(server, T.tradeOrderList, (biz) => pageOf(payments.filter((row) => biz.appCode === undefined || row.appCode === biz.appCode), biz));
  onContract(server, T.tradeOrderDetail, ({ orderId }): TradeOrderDetail => ({
    ...payments.find((row) => row.orderId === orderId)!,
    createTime: PAID - 300,
    buyerPhone: '138****5678',
    promotionDiscountCents: 0,
    couponDiscountCents: 500,
    lines: [{ title: 'Oak chair', specText: 'colour: oak', quantity: 2, unitPriceCents: 6_000 }],
    refunds: refunds.filter((r) => r.orderId === orderId).map((r) => ({ refundId: r.refundId, refundNo: r.refundNo, amountCents: r.amountCents, status: r.status, createTime: r.createTime })),
  }));
  onContract(server, T.refundList, (biz) => pageOf(refunds.filter((row) => biz.status === undefined || row.status === biz.status), biz));
  onContract(server, T.refundDetail, ({ refundId }): TradeRefundDetail => ({
    ...refunds.find((row) => row.refundId === refundId)!,
    kind: 1,
    reason: 'changed my mind',
    rejectReason: null,
    orderPaidCents: 12_000,
    orderRefundedCents: 4_000,
    payTime: PAID,
  }));
  return { ...renderConsole({ path, token: user.token, server }), server };
}

const bodyRow = (text: string) => screen.getByText(text).closest('[role=row]') as HTMLElement;

async function choose(user: ReturnType<typeof renderTrade>['user'], field: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('trade screens', () => {
  it('tradeOrder lists payments with their §8 app and method, unknown codes as unmatched, and filters by app', async () => {
    const { user, server } = renderTrade(TRADE_PATHS.tradeOrder);
    expect(await screen.findByText(payments[0]!.orderNo, {}, LIST)).toBeInTheDocument();
    expect(within(bodyRow(payments[0]!.orderNo)).getByText('craftsman')).toBeInTheDocument();
    expect(within(bodyRow(payments[0]!.orderNo)).getByText('Alipay')).toBeInTheDocument();
    expect(within(bodyRow(payments[0]!.orderNo)).getByText('120.00')).toBeInTheDocument();
    expect(within(bodyRow(payments[1]!.orderNo)).getByText('mini-program')).toBeInTheDocument();
    expect(within(bodyRow(payments[1]!.orderNo)).getByText('WeChat payment')).toBeInTheDocument();
    expect(within(bodyRow(payments[2]!.orderNo)).getByText('unmatched application')).toBeInTheDocument();
    expect(within(bodyRow(payments[2]!.orderNo)).getByText('unmatched payment method')).toBeInTheDocument();
    expect(server.callsTo(T.tradeOrderList.path).at(-1)!.biz).toMatchObject({ pageNum: 1, pageSize: 5 });

    await choose(user, 'app', 'mini-program');
    await user.click(screen.getByRole('button', { name: 'search' }));
    await waitFor(() => expect(server.callsTo(T.tradeOrderList.path).at(-1)!.biz).toMatchObject({ appCode: 4, pageNum: 1 }));
    await waitFor(() => expect(screen.queryByText(payments[0]!.orderNo)).not.toBeInTheDocument());
    expect(screen.getByText(payments[1]!.orderNo)).toBeInTheDocument();
  });

  it('tradeOrder view shows the payment, its goods and its refunds with the payment-side status', async () => {
    const { user, server, location } = renderTrade(TRADE_PATHS.tradeOrder);
    expect(await screen.findByText(payments[0]!.orderNo, {}, LIST)).toBeInTheDocument();
    await user.click(within(bodyRow(payments[0]!.orderNo)).getByRole('link', { name: 'Detail' }));
    expect(await screen.findByTestId('resource-detail-trade.orders', {}, LIST)).toBeInTheDocument();
    expect(location()).toBe(`${TRADE_PATHS.tradeOrderView}?id=11`);
    expect(server.callsTo(T.tradeOrderDetail.path).at(-1)!.biz).toEqual({ orderId: 11 });
    expect(await screen.findByTestId('detail-appCode')).toHaveTextContent('craftsman');
    expect(screen.getByTestId('detail-payMethod')).toHaveTextContent('Alipay');
    expect(screen.getByTestId('detail-buyerPhone')).toHaveTextContent('138****5678');
    expect(screen.getByText('Oak chair')).toBeInTheDocument();
    expect(within(screen.getByText('R202512070031').closest('tr, [role=row]') as HTMLElement).getByText('refund succeeded')).toBeInTheDocument();
  });

  it('rfundQuery lists refunds with the §4 mapping that knows 5, filters by status and opens a view', async () => {
    const { user, server, location } = renderTrade(TRADE_PATHS.rfundQuery);
    expect(await screen.findByText('R202512070031', {}, LIST)).toBeInTheDocument();
    expect(within(bodyRow('R202512070031')).getByText('refund succeeded')).toBeInTheDocument();
    expect(within(bodyRow('R202512070032')).getByText('pending review')).toBeInTheDocument();

    await choose(user, 'refund status', 'refund succeeded');
    await user.click(screen.getByRole('button', { name: 'search' }));
    await waitFor(() => expect(server.callsTo(T.refundList.path).at(-1)!.biz).toMatchObject({ status: 5 }));
    await waitFor(() => expect(screen.queryByText('R202512070032')).not.toBeInTheDocument());

    await user.click(within(bodyRow('R202512070031')).getByRole('link', { name: 'Detail' }));
    expect(await screen.findByTestId('resource-detail-trade.refunds', {}, LIST)).toBeInTheDocument();
    expect(location()).toBe(`${TRADE_PATHS.rfundQueryView}?id=31`);
    expect(await screen.findByTestId('detail-status')).toHaveTextContent('refund succeeded');
    expect(screen.getByTestId('detail-reason')).toHaveTextContent('changed my mind');
    expect(screen.getByTestId('detail-payMethod')).toHaveTextContent('Alipay');
  });

  it('reads in zh-CN: the §8 labels and fallbacks in Chinese', async () => {
    const { user } = renderTrade(TRADE_PATHS.tradeOrder);
    expect(await screen.findByText(payments[0]!.orderNo, {}, LIST)).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'zh-CN');
    expect(await within(bodyRow(payments[0]!.orderNo)).findByText('支付宝')).toBeInTheDocument();
    expect(within(bodyRow(payments[0]!.orderNo)).getByText('工匠')).toBeInTheDocument();
    expect(within(bodyRow(payments[2]!.orderNo)).getByText('未匹配支付方式')).toBeInTheDocument();
    expect(within(bodyRow(payments[2]!.orderNo)).getByText('未匹配应用')).toBeInTheDocument();
    expect(screen.getAllByText('交易订单').length).toBeGreaterThan(0);
  });

  it('keeps a staff member without trade:view out of the trade screens and asks the server nothing', async () => {
    const { server, location } = renderTrade(TRADE_PATHS.tradeOrder, noTrade);
    await waitForPath(location, '/404');
    expect(screen.queryByRole('link', { name: 'Trade orders' })).not.toBeInTheDocument();
    expect(server.callsTo(T.tradeOrderList.path)).toEqual([]);
  });
});
