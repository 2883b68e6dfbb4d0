// Reference data follows a language switch at once (issue 35 §8): store-server names units, categories, specs and
// porterage items in the request's language, so the console asks again for the reference lists it holds when the
// merchant switches. Whole console against the fake server, which answers in the page's language as store-server
// answers in Accept-Language's; the cartage form shows the porterage list.
import { screen, waitFor } from '@testing-library/react';
import { PERMISSIONS, commonEndpoints } from '@merchant/api-contracts';
import { DEMO_USER, createFakeStoreServer, ok, type FakeUser } from '../../test/fakeStoreServer';
import { renderConsole } from '../../test/renderConsole';
import { fakeCartage } from '../features/shop/cartage/cartageFake';
import { goodsReleaseApi } from '../features/goods/release/api';
import { cartageApi } from '../features/shop/cartage/api';
import { consoleApi } from './api';
import { REFERENCE_DATA_QUERIES } from './referenceDataLanguage';
import { storeInitApi } from './storeInit';

jest.setTimeout(90_000);

const OWNER: FakeUser = { ...DEMO_USER, token: 'token-reference-language', info: { ...DEMO_USER.info, permissions: Object.values(PERMISSIONS) } };
const PORTERAGE = {
  'en-US': [{ id: 1, porterageName: 'Stairs, per floor', unitName: 'floor', price: 500 }],
  'zh-CN': [{ id: 1, porterageName: '爬楼（每层）', unitName: '层', price: 500 }],
};

describe('reference data and the console language', () => {
  it('names only endpoints the console has', () => {
    expect([goodsReleaseApi, cartageApi, storeInitApi].every(Boolean)).toBe(true);
    for (const name of REFERENCE_DATA_QUERIES) expect([name, name in consoleApi.endpoints]).toEqual([name, true]);
  });

  it('shows the porterage reference prices in the language switched to, without a reload', async () => {
    const server = createFakeStoreServer([OWNER]);
    fakeCartage(server, []);
    server.on(commonEndpoints.porterage.path, () => ok({ list: PORTERAGE[document.documentElement.lang === 'zh-CN' ? 'zh-CN' : 'en-US'] }));
    const { user } = renderConsole({ path: '/shop/cartageTem/cartageTemTen/add', token: OWNER.token, server });
    expect(await screen.findByTestId('cartage-reference', {}, { timeout: 30_000 })).toHaveTextContent('Stairs, per floor: ¥5.00 / floor');
    const asked = server.callsTo('/porterage/list').length;

    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'zh-CN');
    await waitFor(() => expect(screen.getByTestId('cartage-reference')).toHaveTextContent('爬楼（每层）：¥5.00 / 层'));
    expect(server.callsTo('/porterage/list').length).toBe(asked + 1);
  });
});
