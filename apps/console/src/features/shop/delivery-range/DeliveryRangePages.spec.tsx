// The delivery range screens (issue 27 §5: /shop/distributionRangeMaintenance, +edit, ineffect) in the whole console
// against a fake store-server that speaks the contracts (deliveryRangeEndpoints): the list shows each range's towns,
// markup, days, hours and dictionary status; the form picks towns from the province → city → district → town tree,
// warns of a town no freight template covers, shows the server's refusal on the towns and sends cents and minutes;
// stop asks first; the ineffective ranges have their own list.
import { screen, waitFor, within } from '@testing-library/react';
import { DELIVERY_RANGE_STATUS, PERMISSIONS, deliveryRangeEndpoints as D } from '@merchant/api-contracts';
import { renderConsole } from '../../../../test/renderConsole';
import { DEMO_USER, createFakeStoreServer, type FakeUser } from '../../../../test/fakeStoreServer';
import type { DeliveryRangeRow } from './api';
import { NOW, fakeDeliveryRanges, fakeRange } from './deliveryRangeFake';

jest.setTimeout(90_000);
afterEach(() => window.sessionStorage.clear());

const LOAD = { timeout: 30_000 };
const OWNER: FakeUser = { ...DEMO_USER, token: 'token-range', info: { ...DEMO_USER.info, permissions: Object.values(PERMISSIONS) } };
const LIST = '/shop/distributionRangeMaintenance';
const DAY = 86_400;

const seeded = (): DeliveryRangeRow[] => [
  fakeRange(1, { name: 'Huangpu daytime', townIds: [1, 4], markupCents: 500 }),
  fakeRange(2, { name: 'Nanshan evenings', townIds: [3], markupCents: 1_000, startTime: NOW + 7 * DAY, endTime: NOW + 97 * DAY, dailyStartMinute: 1020, dailyEndMinute: 1260 }),
  fakeRange(3, { name: 'Xuhui spring trial', townIds: [11], startTime: NOW - 120 * DAY, endTime: NOW - 30 * DAY }),
];

function open(path: string, ranges = seeded()) {
  const server = createFakeStoreServer([OWNER]);
  fakeDeliveryRanges(server, ranges);
  return { ...renderConsole({ path, token: OWNER.token, server }), ranges };
}
const rowOf = (text: string) => screen.getByText(text).closest('[role=row]') as HTMLElement;

describe('/shop/distributionRangeMaintenance', () => {
  it('lists the ranges in force or to come with towns, markup, days, hours and status; ineffect lists the rest', async () => {
    const { user, server } = open(LIST);
    expect(await screen.findByText('Huangpu daytime', {}, LOAD)).toBeInTheDocument();
    const daytime = rowOf('Huangpu daytime');
    expect(daytime).toHaveTextContent('Bund Home Centre, Nanjing East Road');
    expect(daytime).toHaveTextContent('5.00');
    expect(daytime).toHaveTextContent('09:00–18:00');
    expect(daytime).toHaveTextContent('effective');
    expect(rowOf('Nanshan evenings')).toHaveTextContent('pending');
    expect(rowOf('Nanshan evenings')).toHaveTextContent('17:00–21:00');
    expect(screen.queryByText('Xuhui spring trial')).not.toBeInTheDocument();

    await user.click(screen.queryByRole('link', { name: 'Ineffective ranges' }) ?? screen.getByRole('button', { name: 'Ineffective ranges' }));
    expect(await screen.findByText('Xuhui spring trial', {}, LOAD)).toBeInTheDocument();
    expect(rowOf('Xuhui spring trial')).toHaveTextContent('ineffective');
    expect(within(rowOf('Xuhui spring trial')).queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(server.violations).toEqual([]);
  });

  it('stop asks first, then ends the effective range', async () => {
    const { user, server, ranges } = open(LIST);
    await screen.findByText('Huangpu daytime', {}, LOAD);
    const row = rowOf('Huangpu daytime');
    const more = within(row).queryByRole('button', { name: /more/i });
    if (more) await user.click(more);
    await user.click(more ? await screen.findByRole('menuitem', { name: 'Stop' }) : within(row).getByRole('button', { name: 'Stop' }));
    const question = await screen.findByRole('dialog', { name: 'Stop this delivery range?' });
    expect(server.callsTo('/deliveryRange/stop')).toEqual([]);
    await user.click(within(question).getByRole('button', { name: 'confirm' }));
    await waitFor(() => expect(server.callsTo('/deliveryRange/stop').map((call) => call.biz)).toEqual([{ rangeId: 1 }]));
    await waitFor(() => expect(screen.queryByText('Huangpu daytime')).not.toBeInTheDocument());
    expect(ranges.find((range) => range.rangeId === 1)?.status).toBe(DELIVERY_RANGE_STATUS.ineffective);
    // The pending one offers no stop.
    expect(within(rowOf('Nanshan evenings')).queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument();
  });

  it('the form warns of a town no template covers, shows the refusal on the towns, and saves covered towns in cents and minutes', async () => {
    const { user, server } = open(`${LIST}/edit`);
    await user.type(await screen.findByTestId('range-name', {}, LOAD), 'Tianhe mornings');
    // The tree: province → city → district → town.
    const tree = await screen.findByRole('tree', { name: 'Towns' });
    expect(within(tree).getByRole('treeitem', { name: 'Guangdong' })).toHaveTextContent('GuangzhouTianhe DistrictShipai');
    await user.click(await screen.findByTestId('range-town-14'));
    expect(await screen.findByTestId('range-uncovered')).toHaveTextContent('No freight template covers: Shipai.');
    const markup = screen.getByTestId('range-markup');
    await user.clear(markup);
    await user.type(markup, '3.5');
    await user.click(screen.getByTestId('resource-form-submit'));
    expect(await screen.findByTestId('range-towns-error')).toHaveTextContent('no freight template covers Shipai; it cannot be added to a delivery range');
    expect(server.callsTo('/deliveryRange/add')).toHaveLength(1);

    await user.click(screen.getByTestId('range-town-14'));
    await user.click(screen.getByTestId('range-town-11'));
    await waitFor(() => expect(screen.queryByTestId('range-uncovered')).not.toBeInTheDocument());
    await user.click(screen.getByTestId('resource-form-submit'));
    await waitFor(() => expect(server.callsTo('/deliveryRange/add')).toHaveLength(2));
    expect(server.callsTo('/deliveryRange/add')[1]!.biz).toMatchObject({ name: 'Tianhe mornings', sowntownIds: [11], markupCents: 350, dailyStartMinute: 540, dailyEndMinute: 1080 });
    expect(await screen.findByText('Tianhe mornings', {}, LOAD)).toBeInTheDocument();
    expect(server.callsTo(D.checkSowntownSetFreightTemplate.path.split('/').pop()!).map((call) => call.biz)).toContainEqual({ sowntownIds: [14] });
    expect(server.violations).toEqual([]);
  });

  it('an edit overlapping another range in town and time is refused on the towns, naming the other range', async () => {
    const { user, server } = open(`${LIST}/edit?id=1`);
    await waitFor(() => expect(screen.getByTestId('range-town-4')).toBeChecked(), LOAD);
    // Nanshan evenings holds this town, 17:00–21:00 on days that overlap Huangpu daytime's 09:00–18:00.
    await user.click(screen.getByTestId('range-town-3'));
    await user.click(screen.getByTestId('resource-form-submit'));
    expect(await screen.findByTestId('range-towns-error')).toHaveTextContent('overlaps delivery range Nanshan evenings (Nanshan Furniture Town) in town and time');
    expect(server.callsTo('/deliveryRange/edit').map((call) => call.biz)).toEqual([expect.objectContaining({ rangeId: 1, sowntownIds: [1, 4, 3] })]);
  });
});
