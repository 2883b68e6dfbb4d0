// The coupon screens (issue 28 §4: /marketing/coupons/couponsMgmt, +add, details, receive) in the whole console
// against a fake store-server that speaks the contracts (couponEndpoints): the list shows each template's value
// and state chip, the add form sends cents and basis points exactly and shows the server's field refusal, stop
// asks first, details show the counts and refusals, and receive lists the claim records with their orders.
import { screen, waitFor, within } from '@testing-library/react';
import { COUPON_KIND, COUPON_SCOPE, COUPON_STATE, COUPON_TEMPLATE_STATE, COUPON_VALIDITY, PERMISSIONS, STORE_CODES, couponEndpoints as C, type WireProblem } from '@merchant/api-contracts';
import { renderConsole, waitForPath } from '../../../../test/renderConsole';
import { DEMO_USER, createFakeStoreServer, ok, type Envelope, type FakeUser } from '../../../../test/fakeStoreServer';
import { couponClaim, couponDryRunResult, couponTemplate, fakeCoupons, type CouponFakeData } from './couponFake';

jest.setTimeout(90_000);
afterEach(() => window.sessionStorage.clear());

const LOAD = { timeout: 30_000 };
const OWNER: FakeUser = { ...DEMO_USER, token: 'token-coupons', info: { ...DEMO_USER.info, permissions: Object.values(PERMISSIONS) } };

const TEN_OFF = couponTemplate(1, { name: 'Ten off fifty', taken: 3 });
const PERCENT = couponTemplate(2, { name: 'Spring 15%', kind: COUPON_KIND.percent, amountCents: null, percentOffBp: 1_500, capCents: 2_000, thresholdCents: 0, scope: COUPON_SCOPE.categories, scopeIds: [11] });
const STOPPED = couponTemplate(3, { name: 'Old campaign', state: COUPON_TEMPLATE_STATE.stopped, validity: COUPON_VALIDITY.fixed, validFrom: 1_780_000_000, validUntil: 1_780_600_000, validDays: null });

function data(): CouponFakeData {
  return {
    templates: [TEN_OFF, PERCENT, STOPPED],
    counts: { 1: { claimed: 3, used: 1, expired: 1, refused: { limitReached: 0, perBuyerLimit: 4, stopped: 2, expired: 0 } } },
    claims: {
      1: [
        couponClaim(71, { buyerAccid: 'buyer_a', buyerPhone: '138****1234', state: COUPON_STATE.used, orderId: 9001, orderNo: 'SO202601010001', useTime: 1_780_200_000 }),
        couponClaim(72, { buyerAccid: 'buyer_b', buyerPhone: '139****5678' }),
      ],
    },
  };
}

function open(path: string, fake: CouponFakeData = data()) {
  const server = createFakeStoreServer([OWNER]);
  fakeCoupons(server, fake);
  return renderConsole({ path, token: OWNER.token, server });
}

const rowOf = (text: string) => screen.getByText(text).closest('[role=row]') as HTMLElement;
const LIST = '/marketing/coupons/couponsMgmt';

describe('/marketing/coupons/couponsMgmt', () => {
  it('lists the templates with their value, threshold, issue count and state chip', async () => {
    const { server } = open(LIST);
    expect(await screen.findByText('Ten off fifty', {}, LOAD)).toBeInTheDocument();
    const amount = rowOf('Ten off fifty');
    expect(amount).toHaveTextContent('¥10.00 off');
    expect(amount).toHaveTextContent('From ¥50.00');
    expect(amount).toHaveTextContent('3 / 100');
    expect(amount).toHaveTextContent('7 days after claiming');
    expect(amount).toHaveTextContent('active');
    const percent = rowOf('Spring 15%');
    expect(percent).toHaveTextContent('15% off, at most ¥20.00');
    expect(percent).toHaveTextContent('No threshold');
    // The scope is in the details and the column picker, not a default column (the list fits 1440 px with its actions).
    expect(percent).not.toHaveTextContent('categories');
    expect(rowOf('Old campaign')).toHaveTextContent('stopped');
    // A stopped template offers neither edit nor stop.
    expect(Array.from(rowOf('Old campaign').querySelectorAll('a, button'), (action) => action.textContent)).toEqual(['Details', 'Claim records', 'Delete']);
    expect(server.violations).toEqual([]);
  });

  it('stop asks first, saying claimed coupons stay valid; only the confirmation sends it', async () => {
    const { user, server } = open(LIST);
    server.on(C.stopCoupon.path, () => ok({ ...TEN_OFF, state: COUPON_TEMPLATE_STATE.stopped }));
    await screen.findByText('Ten off fifty', {}, LOAD);
    // Five actions: two show, the others are under 'more'.
    await user.click(within(rowOf('Ten off fifty')).getByRole('button', { name: /more/i }));
    await user.click(await screen.findByRole('menuitem', { name: 'Stop' }));
    const question = await screen.findByRole('dialog', { name: 'Stop issuing this coupon?' });
    expect(question).toHaveTextContent('coupons already claimed stay valid');
    expect(server.callsTo('/coupons/stop')).toEqual([]);
    await user.click(within(question).getByRole('button', { name: 'confirm' }));
    await waitFor(() => expect(server.callsTo('/coupons/stop').map((call) => call.biz)).toEqual([{ templateId: 1 }]));
    expect(await screen.findByText('Coupon stopped')).toBeInTheDocument();
  });

  it("delete asks first; the server's refusal of a claimed template is shown and nothing is removed", async () => {
    const { user, server } = open(LIST);
    server.on(C.deleteCoupon.path, () => ({ code: STORE_CODES.notAllowedInCurrentState, msg: 'coupons have been claimed: stop the template instead' }));
    await screen.findByText('Old campaign', {}, LOAD);
    await user.click(within(rowOf('Old campaign')).getByRole('button', { name: 'Delete' }));
    const question = await screen.findByRole('dialog', { name: 'Delete this coupon?' });
    expect(question).toHaveTextContent('Only a coupon nobody has claimed can be deleted');
    expect(server.callsTo('/coupons/delete')).toEqual([]);
    await user.click(within(question).getByRole('button', { name: 'confirm' }));
    await waitFor(() => expect(server.callsTo('/coupons/delete').map((call) => call.biz)).toEqual([{ templateId: 3 }]));
    expect(await screen.findByTestId('notification')).toHaveTextContent('coupons have been claimed: stop the template instead');
    expect(screen.getByText('Old campaign')).toBeInTheDocument();
  });
});

describe('/marketing/coupons/couponsMgmt/add', () => {
  it('sends cents and basis points exactly, and shows the field the server refuses', async () => {
    const { user, server, location } = open(`${LIST}/add`);
    const problems: WireProblem[] = [{ field: 'issueLimit', problem: { rule: 'max', limit: 1_000_000 } }];
    let answers = 0;
    server.on(C.addCoupon.path, ({ biz }): Envelope => {
      answers += 1;
      if (answers === 1) return { code: STORE_CODES.invalidParameter, msg: 'invalid parameters', errInfo: { problems } as Envelope['errInfo'] };
      return ok(couponTemplate(9, biz as never));
    });
    await user.type(await screen.findByLabelText(/^Coupon name/, {}, LOAD), 'Summer 12.35%');
    await user.click(screen.getByRole('combobox', { name: /^Kind/ }));
    await user.click(await screen.findByRole('option', { name: 'percentage off' }));
    await user.type(await screen.findByLabelText(/^Percentage off/), '12.35');
    await user.type(screen.getByLabelText(/^At most/), '20.1');
    await user.type(screen.getByLabelText(/^Threshold/), '{Backspace}{Backspace}{Backspace}{Backspace}99.99');
    await user.type(screen.getByLabelText(/^Issue limit/), '100');
    await user.type(screen.getByLabelText(/^Per-buyer limit/), '2');
    await user.type(screen.getByLabelText(/^Days valid after claiming/), '30');
    await user.click(screen.getByTestId('resource-form-submit'));

    await waitFor(() => expect(screen.getByLabelText(/^Issue limit/)).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText(/^Issue limit/)).toHaveAccessibleDescription(/Issue limit/);
    const sent = server.callsTo('/coupons/add');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.biz).toEqual({
      name: 'Summer 12.35%',
      kind: COUPON_KIND.percent,
      percentOffBp: 1_235,
      capCents: 2_010,
      thresholdCents: 9_999,
      scope: COUPON_SCOPE.store,
      scopeIds: [],
      issueLimit: 100,
      perBuyerLimit: 2,
      validity: COUPON_VALIDITY.afterClaim,
      validDays: 30,
    });
    expect(C.addCoupon.biz.safeParse(sent[0]!.biz).success).toBe(true);

    await user.click(screen.getByTestId('resource-form-submit'));
    await waitFor(() => expect(server.callsTo('/coupons/add')).toHaveLength(2));
    // Saved: back to the list.
    await waitForPath(location, LIST);
    expect(server.violations).toEqual([]);
  });
});

describe('/marketing/coupons/couponsMgmt/details and receive', () => {
  it('details show the claimed, used and expired counts and the refused claims by reason', async () => {
    open(`${LIST}/details?id=1`);
    const detail = await screen.findByTestId('resource-detail-marketing.coupons', {}, LOAD);
    await within(detail).findByText('Ten off fifty');
    const countOf = (label: string) => within(detail).getByText(label).nextElementSibling;
    expect(countOf('Claimed')).toHaveTextContent('3');
    expect(countOf('Used')).toHaveTextContent('1');
    expect(countOf('Expired')).toHaveTextContent('1');
    const refused = within(detail).getByRole('table', { name: 'Refused claims' });
    const cells = within(refused)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(cells).toEqual([
      ['all issued', '0'],
      ['per-buyer limit reached', '4'],
      ['stopped', '2'],
      ['expired', '0'],
    ]);
  });

  it('receive lists the claim records with the masked phone, the state and a link to the order used in', async () => {
    const { user, server, location } = open(`${LIST}/receive?id=1`);
    expect(await screen.findByText('buyer_a', {}, LOAD)).toBeInTheDocument();
    expect(server.callsTo('/coupons/receiveList')[0]!.biz).toMatchObject({ templateId: 1, pageNum: 1 });
    const used = rowOf('buyer_a');
    expect(used).toHaveTextContent('138****1234');
    expect(used).toHaveTextContent('used');
    expect(rowOf('buyer_b')).toHaveTextContent('unused');
    await user.click(within(used).getByRole('link', { name: 'SO202601010001' }));
    await waitForPath(location, '/order/orderDetails?id=9001');
  });
});

describe('dry run (last 30 days)', () => {
  /** The figure beside its label in the panel's list. */
  const figureOf = (panel: HTMLElement, label: string) => within(panel).getByText(label).nextElementSibling;
  const topRows = (panel: HTMLElement) =>
    within(within(panel).getByRole('table', { name: 'Largest discounts' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

  it("details run it for the saved template, show progress while it runs, then the server's figures", async () => {
    const result = couponDryRunResult({ orders: 37, qualifying: 9, discountCents: 12_345, averageDiscountCents: 1_372, revenueShareBp: 1_250 });
    const { user, server } = open(`${LIST}/details?id=1`);
    let answer: (envelope: Envelope) => void = () => undefined;
    server.on(C.couponDryRun.path, () => new Promise<Envelope>((resolve) => (answer = resolve)));
    const panel = await screen.findByTestId('coupon-dry-run', {}, LOAD);
    expect(within(panel).getByRole('heading', { name: 'Dry run (last 30 days)' })).toBeInTheDocument();
    expect(server.callsTo('/coupons/dryRun')).toEqual([]);

    await user.click(within(panel).getByRole('button', { name: 'Run on the last 30 days' }));
    expect(await within(panel).findByRole('progressbar', { name: 'Running the dry run…' })).toBeInTheDocument();
    expect(within(panel).getByRole('status')).toHaveTextContent('Running the dry run…');
    expect(server.callsTo('/coupons/dryRun').map((call) => call.biz)).toEqual([{ source: 'template', templateId: 1 }]);

    answer(ok(result));
    const figures = await within(panel).findByTestId('coupon-dry-run-figures');
    expect(within(panel).queryByRole('progressbar')).toBeNull();
    expect(figureOf(figures, 'Orders in the window')).toHaveTextContent('37');
    expect(figureOf(figures, 'Orders it applies to')).toHaveTextContent('9');
    expect(figureOf(figures, 'Total discount')).toHaveTextContent('¥123.45');
    expect(figureOf(figures, 'Average discount')).toHaveTextContent('¥13.72');
    expect(figureOf(figures, 'Share of revenue')).toHaveTextContent('12.5%');
    expect(topRows(figures)).toEqual([
      ['SO202612010001', expect.any(String), '¥600.00', '¥10.00'],
      ['9002', expect.any(String), '¥80.00', '¥8.00'],
    ]);
    expect(server.violations).toEqual([]);
  });

  it('the add form runs it with the typed rules after checking them, and saves nothing', async () => {
    const { user, server } = open(`${LIST}/add`, { ...data(), dryRun: couponDryRunResult({ orders: 4, qualifying: 0, discountCents: 0, averageDiscountCents: 0, revenueShareBp: 0, top: [] }) });
    const panel = await screen.findByTestId('coupon-dry-run', {}, LOAD);
    // Rules that do not pass their checks are not sent: the refused field is marked.
    await user.click(within(panel).getByRole('button', { name: 'Run on the last 30 days' }));
    await waitFor(() => expect(screen.getByLabelText(/^Coupon name/)).toHaveAttribute('aria-invalid', 'true'));
    expect(server.callsTo('/coupons/dryRun')).toEqual([]);

    await user.type(screen.getByLabelText(/^Coupon name/), 'Try 8 off');
    await user.type(screen.getByLabelText(/^Amount off/), '8');
    await user.type(screen.getByLabelText(/^Threshold/), '{Backspace}{Backspace}{Backspace}{Backspace}60');
    await user.type(screen.getByLabelText(/^Issue limit/), '50');
    await user.type(screen.getByLabelText(/^Per-buyer limit/), '1');
    await user.type(screen.getByLabelText(/^Days valid after claiming/), '7');
    await user.click(within(panel).getByRole('button', { name: 'Run on the last 30 days' }));
    await waitFor(() => expect(server.callsTo('/coupons/dryRun')).toHaveLength(1));
    const sent = server.callsTo('/coupons/dryRun')[0]!.biz;
    expect(sent).toEqual({
      source: 'rules',
      name: 'Try 8 off',
      kind: COUPON_KIND.amount,
      amountCents: 800,
      thresholdCents: 6_000,
      scope: COUPON_SCOPE.store,
      scopeIds: [],
      issueLimit: 50,
      perBuyerLimit: 1,
      validity: COUPON_VALIDITY.afterClaim,
      validDays: 7,
    });
    expect(C.couponDryRun.biz.safeParse(sent).success).toBe(true);
    const figures = await within(panel).findByTestId('coupon-dry-run-figures');
    expect(figureOf(figures, 'Orders in the window')).toHaveTextContent('4');
    expect(within(figures).getByText('No order in the window would have used it')).toBeInTheDocument();
    expect(server.callsTo('/coupons/add')).toEqual([]);
    expect(server.violations).toEqual([]);
  });
});
