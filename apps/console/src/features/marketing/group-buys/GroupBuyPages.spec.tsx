// The group-buy screens (issue 28 §2: /marketing/SpellGroup, +add, team, order) in the whole console against a
// fake store-server that speaks the contracts (groupBuyEndpoints): the list shows each activity's goods, team
// counts and state chip, stop asks first, the add form sends SKUs and cents exactly and shows the server's field
// refusal on the price, the teams count a forming team down from the server's time, and the orders link to their
// order details.
import { screen, waitFor, within } from '@testing-library/react';
import { GROUP_BUY_STATE, GROUP_BUY_TEAM_STATE, PERMISSIONS, STORE_CODES, groupBuyEndpoints as G, type WireProblem } from '@merchant/api-contracts';
import { renderConsole, waitForPath } from '../../../../test/renderConsole';
import { DEMO_USER, createFakeStoreServer, ok, type Envelope, type FakeUser } from '../../../../test/fakeStoreServer';
import { fakeGroupBuys, groupBuy, groupBuyOrder, groupBuyTeam, type GroupBuyFakeData } from './groupBuyFake';

jest.setTimeout(90_000);
afterEach(() => window.sessionStorage.clear());

const LOAD = { timeout: 30_000 };
const OWNER: FakeUser = { ...DEMO_USER, token: 'token-group-buys', info: { ...DEMO_USER.info, permissions: Object.values(PERMISSIONS) } };

const TILES = groupBuy(1, { name: 'Tiles team of 3' });
const STOPPED = groupBuy(2, { name: 'Old sofa deal', state: GROUP_BUY_STATE.stopped, formingTeams: 0, formedTeams: 2, failedTeams: 3 });
const EXPIRES = 1_780_021_600;

function data(): GroupBuyFakeData {
  return {
    groupBuys: [TILES, STOPPED],
    // The server's clock is 1 h 1 min 1 s before the forming team's end.
    serverTime: EXPIRES - 3_661,
    teams: {
      1: [
        groupBuyTeam(11, { leaderName: 'Wang Fang', expiresAt: EXPIRES }),
        groupBuyTeam(12, {
          leaderName: 'Li Qiang',
          members: 3,
          state: GROUP_BUY_TEAM_STATE.formed,
          endedAt: 1_780_010_000,
          memberList: [
            { orderId: 8101, orderNo: 'SO8101', buyerAccid: 'b1', buyerName: 'Li Qiang', leader: true, joinTime: 1_780_000_000 },
            { orderId: 8102, orderNo: 'SO8102', buyerAccid: 'b2', buyerName: 'Carol Wu', leader: false, joinTime: 1_780_001_000 },
            { orderId: 8103, orderNo: 'SO8103', buyerAccid: 'b3', buyerName: 'Zhao Min', leader: false, joinTime: 1_780_002_000 },
          ],
        }),
      ],
    },
    orders: {
      1: [
        groupBuyOrder(8101, { buyerName: 'Li Qiang', teamId: 12, teamState: GROUP_BUY_TEAM_STATE.formed, leader: true }),
        groupBuyOrder(7011, { buyerName: 'Wang Fang', teamId: 11, teamState: GROUP_BUY_TEAM_STATE.forming, leader: true }),
        groupBuyOrder(7020, { buyerName: 'Chen Chen', teamId: 13, teamState: GROUP_BUY_TEAM_STATE.failed, orderStatus: 6 }),
      ],
    },
  };
}

function open(path: string, fake: GroupBuyFakeData = data()) {
  const server = createFakeStoreServer([OWNER]);
  fakeGroupBuys(server, fake);
  return renderConsole({ path, token: OWNER.token, server });
}

const rowOf = (text: string) => screen.getAllByText(text)[0]!.closest('[role=row], tr') as HTMLElement;
const LIST = '/marketing/SpellGroup';

describe('/marketing/SpellGroup', () => {
  it('lists the activities with their goods at group prices, orders taken, teams by state and the state chip', async () => {
    const { server } = open(LIST);
    expect(await screen.findByText('Tiles team of 3', {}, LOAD)).toBeInTheDocument();
    const tiles = rowOf('Tiles team of 3');
    expect(tiles).toHaveTextContent('Porcelain floor tile Size: 600x600 ¥69.00 (list ¥89.00)');
    expect(tiles).toHaveTextContent('4 / 500');
    expect(tiles).toHaveTextContent('1 / 1 / 0');
    expect(tiles).toHaveTextContent('active');
    const stopped = rowOf('Old sofa deal');
    expect(stopped).toHaveTextContent('0 / 2 / 3');
    expect(stopped).toHaveTextContent('stopped');
    // A stopped activity offers neither edit nor stop.
    expect(Array.from(stopped.querySelectorAll('a, button'), (action) => action.textContent)).toEqual(['Teams', 'Orders']);
    expect(server.violations).toEqual([]);
  });

  it('stop asks first, saying forming teams are refunded; only the confirmation sends it', async () => {
    const { user, server } = open(LIST);
    server.on(G.stopGroupBuy.path, () => ok({ ...TILES, state: GROUP_BUY_STATE.stopped }));
    await screen.findByText('Tiles team of 3', {}, LOAD);
    const tiles = rowOf('Tiles team of 3');
    const more = within(tiles).queryByRole('button', { name: /more/i });
    if (more) await user.click(more);
    await user.click(more ? await screen.findByRole('menuitem', { name: 'Stop' }) : within(tiles).getByRole('button', { name: 'Stop' }));
    const question = await screen.findByRole('dialog', { name: 'Stop this group buy?' });
    expect(question).toHaveTextContent('refunded automatically');
    expect(server.callsTo('/group-buys/stop')).toEqual([]);
    await user.click(within(question).getByRole('button', { name: 'confirm' }));
    await waitFor(() => expect(server.callsTo('/group-buys/stop').map((call) => call.biz)).toEqual([{ groupBuyId: 1 }]));
    expect(await screen.findByText('Group buy stopped')).toBeInTheDocument();
  });
});

describe('/marketing/SpellGroup/add', () => {
  it("sends the SKU and its group price in cents, shows the server's refusal on the price, then saves", async () => {
    const { user, server, location } = open(`${LIST}/add`);
    const problems: WireProblem[] = [{ field: 'skus.0.groupPriceCents', problem: { rule: 'max', limit: 8_900 } }];
    let answers = 0;
    server.on(G.addGroupBuy.path, ({ biz }) => {
      answers += 1;
      if (answers === 1) return { code: STORE_CODES.invalidParameter, msg: 'invalid parameters', errInfo: { problems } as Envelope['errInfo'] };
      return ok(groupBuy(9, { name: String(biz.name) }));
    });
    await user.type(await screen.findByLabelText(/^Name/, {}, LOAD), 'Summer tiles');
    await user.click(screen.getByRole('combobox', { name: /^SKU/ }));
    await user.click(await screen.findByRole('option', { name: /Porcelain floor tile Size: 600x600/ }));
    expect(await screen.findByText('List price ¥89.00; the group price cannot be higher')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Group price/), '69.5');
    await user.type(screen.getByLabelText(/^Orders per buyer/), '0');
    await user.click(screen.getByTestId('resource-form-submit'));

    await waitFor(() => expect(screen.getByLabelText(/^Group price/)).toHaveAttribute('aria-invalid', 'true'));
    const sent = server.callsTo('/group-buys/add');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.biz).toMatchObject({ name: 'Summer tiles', skus: [{ skuId: 901, groupPriceCents: 6_950 }], teamSize: 2, formMinutes: 1_440, perBuyerLimit: 10, totalLimit: 1_000 });
    const biz = sent[0]!.biz as { startTime: number; endTime: number };
    expect(biz.endTime).toBeGreaterThan(biz.startTime);
    expect(G.addGroupBuy.biz.safeParse(sent[0]!.biz).success).toBe(true);

    await user.click(screen.getByTestId('resource-form-submit'));
    await waitFor(() => expect(server.callsTo('/group-buys/add')).toHaveLength(2));
    await waitForPath(location, LIST);
    expect(server.violations).toEqual([]);
  });
});

describe('/marketing/SpellGroup/team and order', () => {
  it("counts a forming team down from the server's time and links every member's order", async () => {
    const { user, server, location } = open(`${LIST}/team?id=1`);
    expect(await screen.findByText('Wang Fang', {}, LOAD)).toBeInTheDocument();
    expect(server.callsTo('/group-buys/teams')[0]!.biz).toMatchObject({ groupBuyId: 1, pageNum: 1 });
    const forming = rowOf('Wang Fang');
    expect(within(forming).getByRole('timer')).toHaveTextContent(/^01h 01m 0\ds$/);
    expect(forming).toHaveTextContent('1 / 3');
    expect(forming).toHaveTextContent('forming');
    const formed = rowOf('Li Qiang');
    expect(within(formed).queryByRole('timer')).toBeNull();
    expect(formed).toHaveTextContent('3 / 3');
    expect(formed).toHaveTextContent('formed');
    await user.click(within(formed).getByRole('link', { name: 'SO8102' }));
    await waitForPath(location, '/order/orderDetails?id=8102');
  });

  it('lists the orders placed through the activity with their order status and team state', async () => {
    const { user, location } = open(`${LIST}/order?id=1`);
    expect(await screen.findByText('Chen Chen', {}, LOAD)).toBeInTheDocument();
    expect(rowOf('Li Qiang')).toHaveTextContent('to ship');
    expect(rowOf('Li Qiang')).toHaveTextContent('formed');
    expect(rowOf('Wang Fang')).toHaveTextContent('forming');
    expect(rowOf('Chen Chen')).toHaveTextContent('refunded');
    expect(rowOf('Chen Chen')).toHaveTextContent('failed');
    await user.click(within(rowOf('Wang Fang')).getByRole('link', { name: 'SO7011' }));
    await waitForPath(location, '/order/orderDetails?id=7011');
  });

  it('says the id is missing without one', async () => {
    open(`${LIST}/team`);
    expect(await screen.findByText('The group buy id is missing', {}, LOAD)).toBeInTheDocument();
  });
});
