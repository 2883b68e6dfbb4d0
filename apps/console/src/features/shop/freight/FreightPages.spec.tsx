// The freight template screens (issue 27 §1: /shop/freightTem/freightTemTen, +add, edit, the tester) in the whole
// console against a fake store-server that speaks the contracts (freightEndpoints): the list shows each template's
// rules and the goods using it, a used template's delete refusal says how many goods and links to them, the add
// form sends cents and warns of a region listed twice, and the tester shows the freight and its rule.
import { screen, waitFor, within } from '@testing-library/react';
import { FREIGHT_FREE_KIND, FREIGHT_PRICING, PERMISSIONS, STORE_CODES, freightEndpoints as F } from '@merchant/api-contracts';
import { renderConsole } from '../../../../test/renderConsole';
import { DEMO_USER, createFakeStoreServer, ok, type FakeUser } from '../../../../test/fakeStoreServer';
import { fakeFreight, freightTemplate } from './freightFake';

jest.setTimeout(90_000);
afterEach(() => window.sessionStorage.clear());

const LOAD = { timeout: 30_000 };
const OWNER: FakeUser = { ...DEMO_USER, token: 'token-freight', info: { ...DEMO_USER.info, permissions: Object.values(PERMISSIONS) } };
const LIST = '/shop/freightTem/freightTemTen';

const STANDARD = freightTemplate(1, {
  name: 'Standard delivery',
  isDefault: true,
  goodsCount: 12,
  regionGroups: [{ regionCodes: ['440000'], firstUnits: 1, firstCents: 1_500, additionalUnits: 1, additionalCents: 800 }],
  freeRules: [{ regionCodes: [], kind: FREIGHT_FREE_KIND.amount, threshold: 29_900 }],
});
const BULKY = freightTemplate(2, { name: 'Bulky furniture', pricing: FREIGHT_PRICING.weight, defaultBlock: { firstUnits: 10_000, firstCents: 5_000, additionalUnits: 5_000, additionalCents: 2_000 } });

function open(path: string) {
  const server = createFakeStoreServer([OWNER]);
  fakeFreight(server, [STANDARD, BULKY]);
  return renderConsole({ path, token: OWNER.token, server });
}
const rowOf = (text: string) => screen.getByText(text).closest('[role=row]') as HTMLElement;

describe('/shop/freightTem/freightTemTen', () => {
  it('lists the templates with their pricing, default block, free shipping and the goods using them', async () => {
    const { server } = open(LIST);
    expect(await screen.findByText('Standard delivery', {}, LOAD)).toBeInTheDocument();
    const standard = rowOf('Standard delivery');
    expect(standard).toHaveTextContent('by count');
    expect(standard).toHaveTextContent('first 1 pcs ¥10.00, each further 1 pcs ¥5.00');
    expect(standard).toHaveTextContent('free over ¥299.00');
    expect(within(standard).getByRole('link', { name: '12' })).toHaveAttribute('href', expect.stringContaining('/goods/goodList/goodAll?goods.list.q='));
    expect(rowOf('Bulky furniture')).toHaveTextContent('first 10000 g ¥50.00, each further 5000 g ¥20.00');
    expect(server.violations).toEqual([]);
  });

  it('delete asks first; a template goods use is refused, saying how many, with a link to those goods', async () => {
    const { user, server } = open(LIST);
    server.on(F.deleteFreightTemplate.path, () => ({ code: STORE_CODES.notAllowedInCurrentState, msg: '12 goods use this freight template; give them another template first', errInfo: { templateId: 1, goodsCount: 12 } }));
    await screen.findByText('Standard delivery', {}, LOAD);
    const row = rowOf('Standard delivery');
    const more = within(row).queryByRole('button', { name: /more/i });
    if (more) await user.click(more);
    await user.click(more ? await screen.findByRole('menuitem', { name: 'Delete' }) : within(row).getByRole('button', { name: 'Delete' }));
    const question = await screen.findByRole('dialog', { name: 'Delete the freight template?' });
    expect(server.callsTo('/freight/template/delete')).toEqual([]);
    await user.click(within(question).getByRole('button', { name: 'confirm' }));
    const refusal = await screen.findByTestId('freight-in-use');
    expect(refusal).toHaveTextContent('12 goods use this template, so it cannot be deleted.');
    const link = within(refusal).getByRole('link', { name: 'See those goods' });
    expect(decodeURIComponent(link.getAttribute('href') ?? '')).toBe('/goods/goodList/goodAll?goods.list.q={"freightTemplateId":1}');
    expect(server.callsTo('/freight/template/delete').map((call) => call.biz)).toEqual([{ templateId: 1 }]);
  });

  it('the add form sends the rules in cents and warns of a region listed twice', async () => {
    const { user, server } = open(`${LIST}/add`);
    server.on(F.addFreightTemplate.path, ({ biz }) => ok({ template: freightTemplate(3, { name: String(biz.name) }), duplicateRegions: [] }));
    await user.type(await screen.findByTestId('freight-name', {}, LOAD), 'Island delivery');
    const firstCents = screen.getByTestId('freight-default-block-first-cents');
    await user.clear(firstCents);
    await user.type(firstCents, '12.5');
    const excluded = screen.getByTestId('freight-excluded');
    await user.click(excluded);
    await user.click(await screen.findByRole('option', { name: 'Shanghai' }));
    await user.click(screen.getByRole('button', { name: 'Add region freight' }));
    await user.click(screen.getByTestId('freight-group-regions-0'));
    await user.click(await screen.findByRole('option', { name: 'Shanghai' }));
    expect(await screen.findByTestId('freight-duplicate-warning')).toHaveTextContent('only the first place applies: Shanghai');
    await user.click(screen.getByTestId('resource-form-submit'));
    await waitFor(() => expect(server.callsTo('/freight/template/add')).toHaveLength(1));
    expect(server.callsTo('/freight/template/add')[0]!.biz).toMatchObject({
      name: 'Island delivery',
      pricing: 1,
      defaultBlock: { firstUnits: 1, firstCents: 1_250, additionalUnits: 1, additionalCents: 0 },
      regionGroups: [{ regionCodes: ['310000'], firstUnits: 1, firstCents: 0, additionalUnits: 1, additionalCents: 0 }],
      excludedRegions: ['310000'],
    });
    expect(server.violations).toEqual([]);
  });

  it('the tester shows the freight of a cart to a region and the rule that produced it', async () => {
    const { user, server } = open(`${LIST}/tester?id=1`);
    await user.click(await screen.findByTestId('freight-tester-region', {}, LOAD));
    await user.click(await screen.findByRole('option', { name: 'Guangdong / Shenzhen / Nanshan District' }));
    const quantity = screen.getByTestId('freight-tester-quantity-0');
    await user.clear(quantity);
    await user.type(quantity, '2');
    await user.click(screen.getByTestId('freight-tester-run'));
    const result = await screen.findByTestId('freight-tester-result');
    expect(result).toHaveTextContent('Freight: ¥23.00');
    expect(result).toHaveTextContent('Region freight group 1 (Guangdong)');
    expect(server.callsTo('/freight/template/quote').map((call) => call.biz)).toEqual([{ templateId: 1, regionCode: '440305', items: [{ quantity: 2, unitPriceCents: 10_000, unitWeightGrams: 0, unitVolumeCm3: 0 }] }]);
  });
});
