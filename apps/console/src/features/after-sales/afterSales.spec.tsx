// The after-sales screens through the whole console against a contract-checked fake store-server that
// keeps state like the real one (afterSalesFake.ts): the pending list asks for the statuses with work,
// money is searched in yuan and sent in cents, the actions offered follow the refund machine, the pay
// dialog sends ONE idempotency key for a double click and for a retry after a lost answer (one ledger
// row), a refusal reads in the merchant's words, and a review takes one reply of 1–500 characters.
import { act, screen, waitFor, within } from '@testing-library/react';
import { AFTER_SALES_LIMITS, PERMISSIONS, REFUND_PENDING_STATUSES, type ComplaintDetail, type EvaluationRow } from '@merchant/api-contracts';
import { DEMO_USER, createFakeStoreServer, type FakeUser } from '../../../test/fakeStoreServer';
import { renderConsole } from '../../../test/renderConsole';
import { fakeAfterSales, refundRecord } from './afterSalesFake';
import { AFTER_SALES_PATHS, recordAddress } from './paths';

jest.setTimeout(120_000);

const owner: FakeUser = { ...DEMO_USER, token: 'token-after-sales', info: { ...DEMO_USER.info, permissions: Object.values(PERMISSIONS) } };
const viewer: FakeUser = { ...DEMO_USER, token: 'token-after-sales-viewer', info: { ...DEMO_USER.info, permissions: [PERMISSIONS.afterSalesView] } };
const LOAD = { timeout: 30_000 };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function setup(path: string, records: Parameters<typeof fakeAfterSales>[1] = {}, user: FakeUser = owner) {
  const server = createFakeStoreServer([user]);
  const state = fakeAfterSales(server, records);
  return { ...renderConsole({ path, token: user.token, server }), state };
}

const bodyRows = () => screen.queryAllByRole('row').filter((row) => row.getAttribute('aria-rowindex') !== '1');
const actionButtons = () => within(screen.getByTestId('refund-actions')).getAllByRole('button').map((button) => button.textContent);

describe('refund lists (orderAfter, orderAfterAll)', () => {
  it('orderAfterAll refuses an amount range whose "to" is below its "from" on the field, and asks the server nothing', async () => {
    const { user, server } = setup(AFTER_SALES_PATHS.all, { refunds: [refundRecord(1, 0)] });
    expect(await screen.findByText(refundRecord(1, 0).refundNo, {}, LOAD)).toBeInTheDocument();
    const asked = server.callsTo('/afterSales/refund/list').length;
    await user.type(screen.getByRole('textbox', { name: 'amount from (yuan)' }), '100');
    await user.type(screen.getByRole('textbox', { name: 'amount to (yuan)' }), '1');
    await user.click(screen.getByRole('button', { name: /^search$/i }));
    expect(await screen.findByText('amount to (yuan) cannot be less than amount from (yuan)')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'amount to (yuan)' })).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('/afterSales/refund/list')).toHaveLength(asked);
  });

  it('orderAfter asks for the pending statuses, offers them as tabs, and searches money in cents', async () => {
    const refunds = [refundRecord(1, 0), refundRecord(2, 7, { amountCents: 5_000 }), refundRecord(3, 2)];
    const { user, server } = setup(AFTER_SALES_PATHS.pending, { refunds });
    expect(await screen.findByText(refunds[0]!.refundNo, {}, LOAD)).toBeInTheDocument();
    expect(server.callsTo('/afterSales/refund/list').at(-1)!.biz).toMatchObject({ pageNum: 1, statuses: [...REFUND_PENDING_STATUSES] });
    expect(screen.queryByText(refunds[2]!.refundNo)).not.toBeInTheDocument();
    // Tabs: all + the four pending statuses (0 pending review, 1 confirmed, 4 and 7 pending refund).
    const tabs = within(screen.getByRole('tablist')).getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['All', 'pending review', 'confirmed', 'pending refund (goods returned)', 'pending refund (refund only)']);

    await user.type(screen.getByRole('textbox', { name: 'amount from (yuan)' }), '40.5');
    await user.type(screen.getByRole('textbox', { name: 'amount to (yuan)' }), '60');
    await user.click(screen.getByRole('button', { name: /^search$/i }));
    await waitFor(() => expect(server.callsTo('/afterSales/refund/list').at(-1)!.biz).toMatchObject({ amountMin: 4050, amountMax: 6000 }));
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(screen.getByText(refunds[1]!.refundNo)).toBeInTheDocument();
    expect(screen.getByText('50.00')).toBeInTheDocument();

    await user.click(screen.getByTestId('tab-7'));
    await waitFor(() => expect(server.callsTo('/afterSales/refund/list').at(-1)!.biz).toMatchObject({ status: 7 }));
    expect(server.callsTo('/afterSales/refund/list').at(-1)!.biz).not.toHaveProperty('statuses');
  });

  it('orderAfterAll lists every status; only refunds with a merchant move offer "Process"', async () => {
    const refunds = [refundRecord(1, 0), refundRecord(2, 2), refundRecord(3, 9), refundRecord(4, 4)];
    const { user, location } = setup(AFTER_SALES_PATHS.all, { refunds });
    await screen.findByText(refunds[0]!.refundNo, {}, LOAD);
    const rowOf = (index: number) => screen.getByText(refunds[index]!.refundNo).closest('[role=row]') as HTMLElement;
    expect(within(rowOf(0)).getByRole('link', { name: 'Process' })).toBeInTheDocument();
    expect(within(rowOf(1)).queryByRole('link', { name: 'Process' })).not.toBeInTheDocument();
    expect(within(rowOf(2)).queryByRole('link', { name: 'Process' })).not.toBeInTheDocument();
    expect(within(rowOf(1)).getByText('refunded')).toBeInTheDocument();
    expect(within(rowOf(2)).getByText('refund rejected')).toBeInTheDocument();
    await user.click(within(rowOf(3)).getByRole('link', { name: 'Process' }));
    await waitFor(() => expect(location()).toBe(recordAddress(AFTER_SALES_PATHS.processRefund, 4)));
    expect(await screen.findByTestId('refund-detail')).toBeInTheDocument();
  });
});

describe('processRefund', () => {
  it('offers exactly the moves the refund\'s kind allows in its status: a refund-only request is never offered "approve return"', async () => {
    const refunds = [refundRecord(1, 0), refundRecord(2, 1), refundRecord(3, 4), refundRecord(4, 7), refundRecord(5, 2), refundRecord(6, 9), refundRecord(7, 0, { kind: 2 })];
    const { router } = setup(recordAddress(AFTER_SALES_PATHS.processRefund, 1), { refunds });
    const expected: Record<number, (string | null)[] | null> = {
      // Refund only, pending review: one confirmed step that approves and pays, or reject (issue 35 §9).
      1: ['Approve and refund', 'Reject'],
      2: ['Return received', 'Reject'],
      3: ['Pay refund'],
      4: ['Pay refund'],
      5: null,
      6: null,
      // Return and refund, pending review: its own flow (approve the return, receive it, then pay).
      7: ['Approve return', 'Reject'],
    };
    for (const [refundId, buttons] of Object.entries(expected)) {
      await act(() => router.navigate(recordAddress(AFTER_SALES_PATHS.processRefund, refundId)));
      await screen.findByText(refunds[Number(refundId) - 1]!.refundNo, {}, LOAD);
      if (buttons) expect(actionButtons()).toEqual(buttons);
      else {
        expect(screen.queryByTestId('refund-actions')).not.toBeInTheDocument();
        expect(screen.getByText('Nothing to do in this status')).toBeInTheDocument();
      }
    }
  });

  it('shows the order amounts, evidence and history; "approve and refund" confirms once, showing buyer and amount, and pays in one call', async () => {
    const refunds = [refundRecord(1, 0, { order: { orderId: 501, orderNo: 'O1', status: 4, amountCents: 30_000, refundedCents: 10_000, refundableCents: 20_000 } })];
    const { user, server, state } = setup(recordAddress(AFTER_SALES_PATHS.processRefund, 1), { refunds });
    await screen.findByText(refunds[0]!.refundNo, {}, LOAD);
    expect(screen.getByTestId('detail-paid')).toHaveTextContent('300.00');
    expect(screen.getByTestId('detail-refunded')).toHaveTextContent('100.00');
    expect(screen.getByTestId('detail-left')).toHaveTextContent('200.00');
    expect(screen.getByTestId('detail-amount')).toHaveTextContent('123.45');
    expect(screen.getByRole('img', { name: 'evidence image 1' })).toHaveAttribute('src', refunds[0]!.evidenceUrls[0]);
    expect(within(screen.getByRole('table', { name: 'History' })).getByText('refund requested by the buyer')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Contact buyer Buyer 1' })).toBeEnabled();

    await user.click(screen.getByTestId('refund-action-approveAndPay'));
    const confirm = await screen.findByRole('dialog', { name: 'Approve and refund the buyer' });
    expect(await within(confirm).findByTestId('pay-buyer')).toHaveTextContent('Buyer 1');
    expect(within(confirm).getByTestId('pay-amount')).toHaveTextContent('123.45');
    expect(within(confirm).getByTestId('pay-order-left')).toHaveTextContent('200.00');
    expect(server.callsTo('/refund/approveAndPay')).toEqual([]);
    // A double click is one payment: one key, made when the dialog opened.
    await user.dblClick(within(confirm).getByRole('button', { name: 'Approve and refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Approve and refund the buyer' })).not.toBeInTheDocument());
    const keys = server.callsTo('/refund/approveAndPay').map((call) => call.biz.idempotencyKey);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(UUID);
    expect(server.callsTo('/refund/approveAndPay')[0]!.biz).toEqual({ refundId: 1, idempotencyKey: keys[0] });
    // Nothing else was needed: no separate approval, no second "pay".
    expect([server.callsTo('/refund/approveRefundOnly'), server.callsTo('/refund/pay')]).toEqual([[], []]);
    expect(state.ledger).toHaveLength(1);
    expect(await screen.findByText('Approved and refunded')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByTestId('detail-status')).getByText('refunded')).toBeInTheDocument());
    expect(screen.getByText('Nothing to do in this status')).toBeInTheDocument();
    expect(screen.getByTestId('detail-left')).toHaveTextContent('76.55');
    const history = within(screen.getByRole('table', { name: 'History' }));
    expect(history.getByText('refund approved (nothing to return)')).toBeInTheDocument();
    expect(history.getByText('refund paid')).toBeInTheDocument();
  });

  it('"approve and refund" refused (the request was handled meanwhile) says so in the dialog and moves nothing', async () => {
    const refunds = [refundRecord(1, 0, { amountCents: 30_000 })];
    const { user, state } = setup(recordAddress(AFTER_SALES_PATHS.processRefund, 1), { refunds });
    await screen.findByText(refunds[0]!.refundNo, {}, LOAD);
    await user.click(screen.getByTestId('refund-action-approveAndPay'));
    const dialog = await screen.findByRole('dialog', { name: 'Approve and refund the buyer' });
    await within(dialog).findByTestId('pay-amount');
    await user.click(within(dialog).getByRole('button', { name: 'Approve and refund' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Cannot approve and refund: the request was already handled, or the amount exceeds what is left to refund on the order');
    expect(within(dialog).getByTestId('pay-refund-submit')).toBeDisabled();
    expect([state.ledger, refunds[0]!.status]).toEqual([[], 0]);
  });

  it('pays once on a double click, with one idempotency key made when the dialog opened', async () => {
    const refunds = [refundRecord(1, 7)];
    const { user, server, state } = setup(recordAddress(AFTER_SALES_PATHS.processRefund, 1), { refunds });
    await screen.findByText(refunds[0]!.refundNo, {}, LOAD);
    await user.click(screen.getByTestId('refund-action-pay'));
    const dialog = await screen.findByRole('dialog', { name: 'Refund the buyer' });
    expect(await within(dialog).findByTestId('pay-order-left')).toHaveTextContent('200.00');
    expect(within(dialog).getByTestId('pay-amount')).toHaveTextContent('123.45');
    await user.dblClick(within(dialog).getByTestId('pay-refund-submit'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Refund the buyer' })).not.toBeInTheDocument());
    const keys = server.callsTo('/refund/pay').map((call) => call.biz.idempotencyKey);
    expect(keys.length).toBeGreaterThanOrEqual(1);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(UUID);
    expect(state.ledger).toHaveLength(1);
    expect(await screen.findByText('Refund paid')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('detail-left')).toHaveTextContent('76.55'));
    expect(screen.getByText('Nothing to do in this status')).toBeInTheDocument();
    // The refund's payments: one row, under the dialog's key.
    const payments = screen.getByRole('table', { name: 'Refund payments' });
    expect(within(payments).getAllByRole('row')).toHaveLength(2);
    expect(within(payments).getByText(String(keys[0]))).toBeInTheDocument();
  });

  it('retries a payment whose answer was lost with the same key: the buyer is paid once', async () => {
    const refunds = [refundRecord(1, 4)];
    const { user, server, state } = setup(recordAddress(AFTER_SALES_PATHS.processRefund, 1), { refunds });
    state.payAnswers.lose = 1;
    await screen.findByText(refunds[0]!.refundNo, {}, LOAD);
    await user.click(screen.getByTestId('refund-action-pay'));
    const dialog = await screen.findByRole('dialog', { name: 'Refund the buyer' });
    await within(dialog).findByTestId('pay-amount');
    await user.click(within(dialog).getByTestId('pay-refund-submit'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('the buyer is never paid twice');
    expect(state.ledger).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Retry refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Refund the buyer' })).not.toBeInTheDocument());
    const keys = server.callsTo('/refund/pay').map((call) => call.biz.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(state.ledger).toHaveLength(1);
    expect(within(await screen.findByRole('table', { name: 'Refund payments' })).getAllByRole('row')).toHaveLength(2);
  });

  it('a new pay dialog is a new payment: it makes a new key', async () => {
    const refunds = [refundRecord(1, 7, { amountCents: 30_000 })];
    const { user, server } = setup(recordAddress(AFTER_SALES_PATHS.processRefund, 1), { refunds });
    await screen.findByText(refunds[0]!.refundNo, {}, LOAD);
    for (let attempt = 0; attempt < 2; attempt++) {
      await user.click(screen.getByTestId('refund-action-pay'));
      const dialog = await screen.findByRole('dialog', { name: 'Refund the buyer' });
      await within(dialog).findByTestId('pay-amount');
      await user.click(within(dialog).getByTestId('pay-refund-submit'));
      // 300.00 asked, 200.00 left: refused with the merchant's words, and no retry of a refusal.
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('Cannot refund: the request has changed, or the amount exceeds what is left to refund on the order');
      expect(within(dialog).getByTestId('pay-refund-submit')).toBeDisabled();
      await user.click(within(dialog).getByRole('button', { name: /^cancel$/i }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Refund the buyer' })).not.toBeInTheDocument());
    }
    const keys = server.callsTo('/refund/pay').map((call) => call.biz.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('rejecting needs a reason within the contract\'s limit; the rejection shows on the refund', async () => {
    const refunds = [refundRecord(1, 1)];
    const { user, server } = setup(recordAddress(AFTER_SALES_PATHS.processRefund, 1), { refunds });
    await screen.findByText(refunds[0]!.refundNo, {}, LOAD);
    await user.click(screen.getByTestId('refund-action-reject'));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the refund request' });
    const reason = within(dialog).getByRole('textbox', { name: /reason for rejection/ });
    await user.type(reason, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('reason for rejection is required')).toBeInTheDocument();
    await user.clear(reason);
    await user.click(reason);
    await user.paste('x'.repeat(AFTER_SALES_LIMITS.reasonMax + 1));
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText(`reason for rejection must be at most ${AFTER_SALES_LIMITS.reasonMax} characters`)).toBeInTheDocument();
    expect(server.callsTo('/refund/reject')).toEqual([]);

    await user.clear(reason);
    await user.type(reason, 'the returned goods are damaged');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reject the refund request' })).not.toBeInTheDocument());
    expect(server.callsTo('/refund/reject').map((call) => call.biz)).toEqual([{ refundId: 1, reason: 'the returned goods are damaged' }]);
    expect(await screen.findByTestId('detail-rejectReason')).toHaveTextContent('the returned goods are damaged');
    expect(within(screen.getByTestId('detail-status')).getByText('refund rejected')).toBeInTheDocument();
  });

  it('a user without the handling permission sees the moves disabled', async () => {
    const refunds = [refundRecord(1, 0)];
    setup(recordAddress(AFTER_SALES_PATHS.pendingDetails, 1), { refunds }, viewer);
    await screen.findByText(refunds[0]!.refundNo, {}, LOAD);
    for (const button of within(screen.getByTestId('refund-actions')).getAllByRole('button')) expect(button).toBeDisabled();
  });
});

const complaint = (status: ComplaintDetail['status']): ComplaintDetail => ({
  complaintId: 1,
  complaintNo: 'C202611230001',
  orderId: 501,
  orderNo: 'O202611230001',
  status,
  filedBy: 'buyer',
  reason: 'the goods never arrived',
  buyerAccid: 'c_buyer1',
  buyerName: 'Buyer 1',
  responseCount: 0,
  createTime: 1_763_900_000,
  updateTime: 1_763_900_000,
  description: 'waited two weeks',
  evidenceUrls: [],
  ruling: null,
  order: { orderId: 501, orderNo: 'O202611230001', status: 2, amountCents: 10_000 },
  history: [{ event: 'file', actor: 'buyer', fromStatus: null, toStatus: 1, note: null, at: 1_763_900_000 }],
  responses: [],
  actions: [],
  canRespond: status === 1,
});

describe('complaints (orderComplaint)', () => {
  it('lists by dispute status and answers an open complaint on its timeline', async () => {
    const { user, server, location } = setup(AFTER_SALES_PATHS.complaint, { complaints: [complaint(1)] });
    const row = (await screen.findByText('C202611230001', {}, LOAD)).closest('[role=row]') as HTMLElement;
    expect(within(row).getByText('in dispute')).toBeInTheDocument();
    expect(within(screen.getByRole('tablist')).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['All', 'in dispute', 'dispute ended', 'dispute revoked']);
    await user.click(screen.getByTestId('tab-2'));
    await waitFor(() => expect(server.callsTo('/complaint/list').at(-1)!.biz).toMatchObject({ status: 2 }));
    await user.click(screen.getByTestId('tab-1'));
    await user.click(within((await screen.findByText('C202611230001')).closest('[role=row]') as HTMLElement).getByRole('link', { name: 'Detail' }));
    await waitFor(() => expect(location()).toBe(recordAddress(AFTER_SALES_PATHS.complaintDetails, 1)));
    const timeline = await screen.findByTestId('complaint-timeline');
    expect(within(timeline).getByText(/complaint filed by the buyer/)).toBeInTheDocument();

    await user.click(screen.getByTestId('complaint-respond'));
    const dialog = await screen.findByRole('dialog', { name: 'Respond to the complaint' });
    await user.click(within(dialog).getByRole('button', { name: 'Send response' }));
    expect(await within(dialog).findByText('response is required')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /response/ }), 'shipped on the 20th, tracking attached');
    await user.click(within(dialog).getByRole('button', { name: 'Send response' }));
    await waitFor(() => expect(within(screen.getByTestId('complaint-timeline')).getByText('shipped on the 20th, tracking attached')).toBeInTheDocument());
    expect(server.callsTo('/complaint/respond').map((call) => call.biz)).toEqual([{ complaintId: 1, content: 'shipped on the 20th, tracking attached', evidenceUrls: [] }]);
  });

  it('an ended complaint takes no response; "contact buyer" opens the chat', async () => {
    const { user, location } = setup(recordAddress(AFTER_SALES_PATHS.complaintDetails, 1), { complaints: [{ ...complaint(2), ruling: 'refund the buyer in full' }] });
    expect(await screen.findByTestId('detail-ruling', {}, LOAD)).toHaveTextContent('refund the buyer in full');
    expect(screen.queryByTestId('complaint-respond')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Contact buyer Buyer 1' }));
    await waitFor(() => expect(location()).toBe('/message/message'));
  });
});

const review = (evaluationId: number, rating: number, reply: string | null): EvaluationRow => ({
  evaluationId,
  orderId: 600 + evaluationId,
  orderNo: `O20261123${evaluationId}`,
  buyerAccid: `c_buyer${evaluationId}`,
  buyerName: `Buyer ${evaluationId}`,
  rating,
  content: `review text ${evaluationId}`,
  imageUrls: [],
  createTime: 1_763_900_000 + evaluationId,
  reply,
  repliedAt: reply === null ? null : 1_763_950_000,
});

describe('reviews (orderEvaluation)', () => {
  it('filters by rating and reply status, replies once within 1–500 characters, then the review is read-only', async () => {
    const reviews = [review(1, 2, null), review(2, 5, 'thank you!')];
    const { user, server } = setup(AFTER_SALES_PATHS.evaluation, { evaluations: reviews });
    await screen.findByText('review text 1', {}, LOAD);
    const rowOf = (text: string) => screen.getByText(text).closest('[role=row]') as HTMLElement;
    expect(within(rowOf('review text 1')).getByRole('img', { name: '2 stars' })).toBeInTheDocument();
    expect(within(rowOf('review text 2')).queryByRole('button', { name: 'Reply' })).not.toBeInTheDocument();
    expect(within(rowOf('review text 2')).getByText('thank you!')).toBeInTheDocument();

    await user.click(screen.getByTestId('tab-0'));
    await waitFor(() => expect(server.callsTo('/evaluation/list').at(-1)!.biz).toMatchObject({ replied: false }));
    await waitFor(() => expect(screen.queryByText('review text 2')).not.toBeInTheDocument());

    await user.click(within(rowOf('review text 1')).getByRole('button', { name: 'Reply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reply to the review' });
    const text = within(dialog).getByRole('textbox', { name: /reply/ });
    await user.click(within(dialog).getByRole('button', { name: 'Post reply' }));
    expect(await within(dialog).findByText('reply is required')).toBeInTheDocument();
    await user.click(text);
    await user.paste('y'.repeat(AFTER_SALES_LIMITS.replyMax + 1));
    await user.click(within(dialog).getByRole('button', { name: 'Post reply' }));
    expect(await within(dialog).findByText(`reply must be at most ${AFTER_SALES_LIMITS.replyMax} characters`)).toBeInTheDocument();
    expect(server.callsTo('/evaluation/reply')).toEqual([]);

    await user.clear(text);
    await user.type(text, 'sorry, a replacement is on its way');
    // How much of the contract's limit is used, under the field.
    expect(text).toHaveAccessibleDescription(`34 / ${AFTER_SALES_LIMITS.replyMax}`);
    await user.click(within(dialog).getByRole('button', { name: 'Post reply' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reply to the review' })).not.toBeInTheDocument());
    expect(server.callsTo('/evaluation/reply').map((call) => call.biz)).toEqual([{ evaluationId: 1, content: 'sorry, a replacement is on its way' }]);
    // Replied: it leaves the "not replied" tab.
    await waitFor(() => expect(screen.queryByText('review text 1')).not.toBeInTheDocument());
    await user.click(screen.getByTestId('tab-1'));
    const replied = (await screen.findByText('sorry, a replacement is on its way')).closest('[role=row]') as HTMLElement;
    expect(within(replied).queryByRole('button', { name: 'Reply' })).not.toBeInTheDocument();
  });

  it('the reply dialog shows the review being answered: buyer, order, rating, whole text and images (issue 35 §12)', async () => {
    const long = `${'The sofa arrived with a torn cushion and the legs were missing. '.repeat(4)}Please help.`;
    const reviews = [{ ...review(1, 2, null), content: long, imageUrls: ['https://media.example/review-1a.jpg', 'https://media.example/review-1b.jpg'] }];
    const { user } = setup(AFTER_SALES_PATHS.evaluation, { evaluations: reviews });
    const cell = await screen.findByTestId('review-text-1', {}, LOAD);
    // The grid shows one line; focus (keyboard or pointer) shows the whole text.
    cell.focus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(long);

    await user.click(within(cell.closest('[role=row]') as HTMLElement).getByRole('button', { name: 'Reply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reply to the review' });
    const shown = within(dialog).getByRole('figure', { name: "the buyer's review" });
    expect(shown).toHaveTextContent(long);
    expect(shown).toHaveTextContent('Buyer 1');
    expect(shown).toHaveTextContent(`order ${reviews[0]!.orderNo}`);
    expect(within(shown).getByRole('img', { name: '2 stars' })).toBeInTheDocument();
    expect(within(shown).getByRole('img', { name: 'review image 2' })).toHaveAttribute('src', 'https://media.example/review-1b.jpg');
  });

  it('a second reply refused by the server reads in the merchant\'s words', async () => {
    const reviews = [review(1, 4, null)];
    const { user, state } = setup(AFTER_SALES_PATHS.evaluation, { evaluations: reviews });
    await screen.findByText('review text 1', {}, LOAD);
    await user.click(within(screen.getByText('review text 1').closest('[role=row]') as HTMLElement).getByRole('button', { name: 'Reply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reply to the review' });
    // Replied meanwhile (another tab, another operator).
    state.evaluations[0]!.reply = 'first';
    await user.type(within(dialog).getByRole('textbox', { name: /reply/ }), 'second');
    await user.click(within(dialog).getByRole('button', { name: 'Post reply' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This review already has a reply');
  });
});
