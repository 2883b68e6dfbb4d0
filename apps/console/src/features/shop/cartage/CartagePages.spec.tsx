// The cartage template screens (issue 27 §2: /shop/cartageTem/cartageTemTen, +add, edit) in the whole console
// against a fake store-server that speaks the contracts (cartageEndpoints): the list shows each template's floor
// prices, bands, minimum, sample price and the goods using it; a used template's delete refusal says how many goods
// and links to them; the add form sends cents, prices the sample job as the merchant types and refuses overlapping
// bands on the field before sending; edit loads the template and sends its id.
import { screen, waitFor, within } from '@testing-library/react';
import { PERMISSIONS, STORE_CODES, cartageEndpoints as C } from '@merchant/api-contracts';
import { renderConsole } from '../../../../test/renderConsole';
import { DEMO_USER, createFakeStoreServer, ok, type FakeUser } from '../../../../test/fakeStoreServer';
import { cartageTemplate, fakeCartage } from './cartageFake';

jest.setTimeout(90_000);
afterEach(() => window.sessionStorage.clear());

const LOAD = { timeout: 30_000 };
const OWNER: FakeUser = { ...DEMO_USER, token: 'token-cartage', info: { ...DEMO_USER.info, permissions: Object.values(PERMISSIONS) } };
const LIST = '/shop/cartageTem/cartageTemTen';

const BULKY = cartageTemplate(1, { name: 'Bulky carry-in', goodsCount: 4 });
const FLAT = cartageTemplate(2, { name: 'Flat rate', freeFloors: 0, perFloorWithLiftCents: 0, perFloorWithoutLiftCents: 0, distanceBands: [], minimumCents: 5_000 });

function open(path: string) {
  const server = createFakeStoreServer([OWNER]);
  fakeCartage(server, [BULKY, FLAT]);
  return renderConsole({ path, token: OWNER.token, server });
}
const rowOf = (text: string) => screen.getByText(text).closest('[role=row]') as HTMLElement;

describe('/shop/cartageTem/cartageTemTen', () => {
  it('lists the templates with their floor prices, bands, minimum and the goods using them', async () => {
    const { server } = open(LIST);
    expect(await screen.findByText('Bulky carry-in', {}, LOAD)).toBeInTheDocument();
    const bulky = rowOf('Bulky carry-in');
    const cell = (row: HTMLElement, field: string) => row.querySelector(`[data-field="${field}"]`);
    expect([cell(bulky, 'freeFloors'), cell(bulky, 'perFloorWithLiftCents'), cell(bulky, 'perFloorWithoutLiftCents'), cell(bulky, 'minimumCents')].map((c) => c?.textContent)).toEqual(['1', '¥1.00', '¥5.00', '¥30.00']);
    expect(cell(bulky, 'distanceBands')).toHaveTextContent('0–30 m ¥0.00; 30–100 m ¥20.00');
    expect(within(bulky).getByRole('link', { name: '4' })).toHaveAttribute('href', expect.stringContaining('/goods/goodList/goodAll?goods.list.q='));
    const flat = rowOf('Flat rate');
    expect(cell(flat, 'distanceBands')).toHaveTextContent('any distance, no distance charge');
    expect(cell(flat, 'minimumCents')).toHaveTextContent('¥50.00');
    expect(server.violations).toEqual([]);
  });

  it('delete asks first; a template goods use is refused, saying how many, with a link to those goods', async () => {
    const { user, server } = open(LIST);
    server.on(C.deleteCartageTemplate.path, () => ({ code: STORE_CODES.notAllowedInCurrentState, msg: '4 goods use this cartage template; give them another template first', errInfo: { templateId: 1, goodsCount: 4 } }));
    await screen.findByText('Bulky carry-in', {}, LOAD);
    const row = rowOf('Bulky carry-in');
    const more = within(row).queryByRole('button', { name: /more/i });
    if (more) await user.click(more);
    await user.click(more ? await screen.findByRole('menuitem', { name: 'Delete' }) : within(row).getByRole('button', { name: 'Delete' }));
    const question = await screen.findByRole('dialog', { name: 'Delete the cartage template?' });
    expect(server.callsTo('/cartage/template/delete')).toEqual([]);
    await user.click(within(question).getByRole('button', { name: 'confirm' }));
    const refusal = await screen.findByTestId('cartage-in-use');
    expect(refusal).toHaveTextContent('4 goods use this template, so it cannot be deleted.');
    const link = within(refusal).getByRole('link', { name: 'See those goods' });
    expect(decodeURIComponent(link.getAttribute('href') ?? '')).toBe('/goods/goodList/goodAll?goods.list.q={"cartageTemplateId":1}');
    expect(server.callsTo('/cartage/template/delete').map((call) => call.biz)).toEqual([{ templateId: 1 }]);
  });

  it('the add form prices the sample job as the merchant types, refuses overlapping bands on the field, and sends cents', async () => {
    const { user, server } = open(`${LIST}/add`);
    server.on(C.addCartageTemplate.path, ({ biz }) => ok(cartageTemplate(3, { name: String(biz.name) })));
    await user.type(await screen.findByTestId('cartage-name', {}, LOAD), 'Villa carry');
    expect(await screen.findByTestId('cartage-reference')).toHaveTextContent('Stairs, per floor: ¥5.00 / floor');
    const stairs = screen.getByTestId('cartage-stairs');
    await user.clear(stairs);
    await user.type(stairs, '6.5');
    // 2 pieces × 5 floors above the ground × ¥6.50, no bands.
    await waitFor(() => expect(screen.getByTestId('cartage-preview')).toHaveTextContent('2 pieces to floor 6, no lift, 30 m carry: ¥65.00'));
    await user.click(screen.getByRole('button', { name: 'Add distance band' }));
    await user.click(screen.getByRole('button', { name: 'Add distance band' }));
    const typeInto = async (testId: string, text: string) => {
      const input = screen.getByTestId(testId);
      await user.clear(input);
      await user.type(input, text);
    };
    await typeInto('cartage-band-from-0', '0');
    await typeInto('cartage-band-to-0', '40');
    await typeInto('cartage-band-from-1', '30');
    await typeInto('cartage-band-to-1', '100');
    await typeInto('cartage-band-cents-1', '15');
    await user.click(screen.getByTestId('resource-form-submit'));
    expect(await screen.findByText('overlaps distance band 1')).toBeInTheDocument();
    expect(server.callsTo('/cartage/template/add')).toEqual([]);
    await typeInto('cartage-band-from-1', '40');
    await user.click(screen.getByTestId('resource-form-submit'));
    await waitFor(() => expect(server.callsTo('/cartage/template/add')).toHaveLength(1));
    expect(server.callsTo('/cartage/template/add')[0]!.biz).toEqual({
      name: 'Villa carry',
      freeFloors: 1,
      perFloorWithLiftCents: 0,
      perFloorWithoutLiftCents: 650,
      distanceBands: [
        { fromMeters: 0, toMeters: 40, cents: 0 },
        { fromMeters: 40, toMeters: 100, cents: 1_500 },
      ],
      minimumCents: 0,
    });
    expect(server.violations).toEqual([]);
  });

  it('edit loads the template and sends its id with the changed rules', async () => {
    const { user, server } = open(`${LIST}/edit?id=1`);
    server.on(C.editCartageTemplate.path, ({ biz }) => ok(cartageTemplate(1, { name: String(biz.name) })));
    const minimum = await screen.findByTestId('cartage-minimum', {}, LOAD);
    await waitFor(() => expect(minimum).toHaveValue('30.00'));
    await user.clear(minimum);
    await user.type(minimum, '45');
    await user.click(screen.getByTestId('resource-form-submit'));
    await waitFor(() => expect(server.callsTo('/cartage/template/edit')).toHaveLength(1));
    expect(server.callsTo('/cartage/template/edit')[0]!.biz).toMatchObject({ templateId: 1, name: 'Bulky carry-in', minimumCents: 4_500, distanceBands: BULKY.distanceBands });
  });
});
