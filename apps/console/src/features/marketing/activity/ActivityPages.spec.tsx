// The platform activity screens (issue 28 §1: /marketing/activity/activityList, +apply, details) in the whole
// console against a fake store-server that speaks the contracts (activityEndpoints): the list shows each
// application's state chip and the platform's reason, the campaigns with their windows, rules and places and an
// apply action while sign-up is open; apply sends SKUs and cents exactly and shows the server's field refusal on
// its line; withdraw asks first; details show the lines.
import { screen, waitFor, within } from '@testing-library/react';
import { ACTIVITY_APPLICATION_STATE, ACTIVITY_PHASE, PERMISSIONS, STORE_CODES, activityEndpoints as A, type WireProblem } from '@merchant/api-contracts';
import { renderConsole } from '../../../../test/renderConsole';
import { DEMO_USER, createFakeStoreServer, ok, type Envelope, type FakeUser } from '../../../../test/fakeStoreServer';
import { activityApplication, activityCampaign, fakeActivities, storeSku, type ActivityFakeData } from './activityFake';

jest.setTimeout(90_000);
afterEach(() => window.sessionStorage.clear());

const LOAD = { timeout: 30_000 };
const OWNER: FakeUser = { ...DEMO_USER, token: 'token-activities', info: { ...DEMO_USER.info, permissions: Object.values(PERMISSIONS) } };

const OPEN = activityCampaign(1, { titleEn: 'Spring home fair', categoryIds: [11], minDiscountBp: 1_000, quota: 20, placesTaken: 3, placesLeft: 17 });
const RUNNING = activityCampaign(2, { titleEn: 'May Day refresh', phase: ACTIVITY_PHASE.running, signUpOpen: false, myApplication: { applicationId: 11, state: ACTIVITY_APPLICATION_STATE.approved } });
const ENDED = activityCampaign(3, { titleEn: null, titleZh: '年货节', phase: ACTIVITY_PHASE.ended, signUpOpen: false });

function data(): ActivityFakeData {
  return {
    campaigns: [OPEN, RUNNING, ENDED],
    applications: [
      activityApplication(11, RUNNING, { state: ACTIVITY_APPLICATION_STATE.approved, reviewTime: 1_780_200_000 }),
      activityApplication(12, ENDED, { state: ACTIVITY_APPLICATION_STATE.rejected, reason: 'The main image is not clear', reviewTime: 1_780_300_000 }),
      activityApplication(13, RUNNING, { state: ACTIVITY_APPLICATION_STATE.pending, campaignTitleEn: 'Autumn fair' }),
    ],
    items: { 11: [{ goodsId: 501, goodsTitle: 'Porcelain floor tile', skuId: 901, specValues: { Size: '600x600' }, specLabels: { Size: { name: 'Tile size', value: '600 x 600 mm' } }, listPriceCents: 8_900, activityPriceCents: 8_010 }] },
    skus: [storeSku(901, 501, 'Porcelain floor tile', 8_900, { Size: '600x600' }), storeSku(902, 502, 'Fabric sofa', 259_900, { Seats: '3' })],
  };
}

function open(path: string, fake: ActivityFakeData = data()) {
  const server = createFakeStoreServer([OWNER]);
  fakeActivities(server, fake);
  return renderConsole({ path, token: OWNER.token, server });
}

const LIST = '/marketing/activity/activityList';
const rowOf = (text: string) => screen.getAllByText(text)[0]!.closest('[role=row], tr') as HTMLElement;

describe('/marketing/activity/activityList', () => {
  it("lists the store's applications with state chips and reasons, and the campaigns with rules, places and apply", async () => {
    open(LIST);
    expect(await screen.findByText('The main image is not clear', {}, LOAD)).toBeInTheDocument();
    const rejected = rowOf('The main image is not clear');
    expect(rejected).toHaveTextContent('年货节');
    expect(rejected).toHaveTextContent('rejected');
    expect(Array.from(rowOf('Autumn fair').querySelectorAll('a, button'), (action) => action.textContent)).toEqual(['Details', 'Withdraw']);

    const campaigns = screen.getByRole('table', { name: 'Platform campaigns' });
    const spring = within(campaigns).getByText('Spring home fair').closest('tr') as HTMLElement;
    expect(spring).toHaveTextContent('open for sign-up');
    expect(spring).toHaveTextContent('At least 10% off the list price');
    await waitFor(() => expect(spring).toHaveTextContent('Categories: Tiles'));
    expect(spring).toHaveTextContent('17 / 20');
    expect(within(spring).getByRole('link', { name: 'Apply Spring home fair' })).toHaveAttribute('href', `${LIST}/apply?campaignId=1`);
    const running = within(campaigns).getByText('May Day refresh').closest('tr') as HTMLElement;
    expect(running).toHaveTextContent('Applied (approved)');
    expect(within(running).queryByRole('link')).toBeNull();
  });

  it('withdraw asks first, then withdraws the pending application', async () => {
    const { user, server } = open(LIST);
    server.on(A.withdrawActivity.path, ({ biz }) => ok(activityApplication(Number(biz.applicationId), RUNNING, { state: ACTIVITY_APPLICATION_STATE.withdrawn })));
    await user.click(within(await screen.findByRole('row', { name: /Autumn fair/ }, LOAD)).getByRole('button', { name: 'Withdraw' }));
    const question = await screen.findByRole('dialog');
    expect(question).toHaveTextContent('Withdraw this application?');
    expect(server.callsTo(A.withdrawActivity.path)).toHaveLength(0);
    await user.click(within(question).getByRole('button', { name: 'confirm' }));
    await waitFor(() => expect(server.callsTo(A.withdrawActivity.path)).toHaveLength(1));
    expect(server.callsTo(A.withdrawActivity.path)[0]!.biz).toMatchObject({ applicationId: 13 });
  });

  it('details show the application and its lines', async () => {
    open(`${LIST}/details?id=11`);
    const lines = await screen.findByRole('table', { name: 'Goods' }, LOAD);
    expect(lines).toHaveTextContent('Porcelain floor tile');
    // The SKU's spec by the labels store-server answers beside the stored keys (issue 35 §8).
    expect(lines).toHaveTextContent('Tile size: 600 x 600 mm');
    expect(lines).toHaveTextContent('¥89.00');
    expect(lines).toHaveTextContent('¥80.10');
  });
});

describe('/marketing/activity/activityList/apply', () => {
  it("sends the SKU and the price in cents, and shows the server's refusal on the line's price", async () => {
    const { user, server } = open(`${LIST}/apply?campaignId=1`);
    const problems: WireProblem[] = [{ field: 'items.0.activityPriceCents', problem: { rule: 'max', limit: 8_010 } }];
    server.on(A.applyActivity.path, (): Envelope => ({ code: STORE_CODES.invalidParameter, msg: 'invalid parameters', errInfo: { problems } as Envelope['errInfo'] }));
    expect(await screen.findByRole('heading', { name: 'Apply: Spring home fair' }, LOAD)).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /^Goods SKU/ }));
    await user.click(await screen.findByRole('option', { name: /Porcelain floor tile Size: 600x600/ }));
    expect(await screen.findByText('List ¥89.00, activity price at most ¥80.10')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Activity price/), '85.5');
    await user.click(screen.getByRole('button', { name: 'Submit application' }));

    await waitFor(() => expect(screen.getByLabelText(/^Activity price/)).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText(/^Activity price/)).toHaveAccessibleDescription(/80\.10|8010/);
    const sent = server.callsTo(A.applyActivity.path);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.biz).toEqual({ campaignId: 1, items: [{ goodsId: 501, skuId: 901, activityPriceCents: 8_550 }] });
  });

  it("shows a goods outside the campaign's categories on the line's SKU", async () => {
    const { user, server } = open(`${LIST}/apply?campaignId=1`);
    const problems: WireProblem[] = [{ field: 'items.0.goodsId', problem: { rule: 'option', values: [11] } }];
    server.on(A.applyActivity.path, (): Envelope => ({ code: STORE_CODES.invalidParameter, msg: 'invalid parameters', errInfo: { problems } as Envelope['errInfo'] }));
    await user.click(await screen.findByRole('combobox', { name: /^Goods SKU/ }, LOAD));
    await user.click(await screen.findByRole('option', { name: /Fabric sofa/ }));
    await user.type(screen.getByLabelText(/^Activity price/), '100');
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Goods SKU/ })).toHaveAttribute('aria-invalid', 'true'));
  });
});
