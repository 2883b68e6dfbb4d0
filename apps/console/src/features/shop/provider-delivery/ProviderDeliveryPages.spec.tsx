// Service-provider delivery in the whole console against the fake store server (answers checked against the
// contract): open with a chosen provider, read and sign the agreement (its version sent back, acceptance needed
// first), see it running with the signing account, close it after confirming; a suspended contract offers only
// closing; a staff account without provider-delivery:manage sees the buttons disabled.
import { screen, waitFor, within } from '@testing-library/react';
import { PERMISSIONS, providerDeliveryEndpoints as E } from '@merchant/api-contracts';
import { DEMO_OWNER, DEMO_USER, createFakeStoreServer, type FakeUser } from '../../../../test/fakeStoreServer';
import { renderSignedIn } from '../../../../test/renderConsole';
import { installInertWorker } from '../../../../test/inertWorker';
import type { ProviderContractDetail } from './api';
import { FAKE_PROVIDERS, fakeProviderDelivery } from './providerDeliveryFake';

installInertWorker();
afterEach(() => window.sessionStorage.clear());
jest.setTimeout(90_000);

const suspended = (): ProviderContractDetail => ({
  contract: {
    contractId: 7,
    providerId: 1,
    providerName: FAKE_PROVIDERS[0]!.name,
    state: 3,
    agreementTitle: FAKE_PROVIDERS[0]!.agreementTitle,
    agreementVersion: '2026-11',
    openTime: 1_780_000_000,
    openedBy: 'demo_merchant',
    signTime: 1_780_000_100,
    signedBy: 'demo_merchant',
    suspendedBy: 'provider',
    suspendReason: 'no drivers this week',
    closeTime: null,
    closedBy: null,
    closeReason: null,
  },
  provider: FAKE_PROVIDERS[0]!,
  agreementText: { 'zh-CN': '协议', 'en-US': 'agreement' },
  steps: [
    { event: 'open', actor: 'merchant', userName: 'demo_merchant', time: 1_780_000_000, reason: null },
    { event: 'sign', actor: 'merchant', userName: 'demo_merchant', time: 1_780_000_100, reason: null },
    { event: 'suspend', actor: 'provider', userName: null, time: 1_780_000_200, reason: 'no drivers this week' },
  ],
});

describe('/shop/serviceProviderDelivery', () => {
  it('opens with a chosen provider, signs the agreement shown, runs, and closes after confirming', async () => {
    const server = createFakeStoreServer([DEMO_OWNER]);
    fakeProviderDelivery(server);
    const { user } = await renderSignedIn({ server, path: '/shop/serviceProviderDelivery' });
    await screen.findByRole('heading', { name: 'Provider delivery', level: 1 }, { timeout: 20_000 });
    expect(await screen.findByText('Provider delivery is not open')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open the service' }));
    await screen.findByRole('heading', { name: 'Open provider delivery', level: 1 });
    const submit = screen.getByRole('button', { name: 'Open and read the agreement' });
    expect(submit).toBeDisabled();
    await user.click(await screen.findByRole('radio', { name: /Bulky Home Delivery/ }));
    await user.click(submit);

    await screen.findByRole('heading', { name: 'Sign the agreement', level: 1 });
    expect(await screen.findByRole('article', { name: 'Bulky delivery agreement' })).toHaveTextContent('Bulky Home Delivery agreement text');
    const sign = screen.getByRole('button', { name: 'Agree and sign' });
    expect(sign).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'I have read and accept the agreement above' }));
    await user.click(sign);
    await waitFor(() => expect(server.callsTo(E.signContract.path)).toHaveLength(1));
    expect(server.callsTo(E.signContract.path)[0]!.biz).toEqual({ contractId: 101, agreementVersion: '2026-11', accepted: true });

    await screen.findByRole('heading', { name: 'Provider delivery details', level: 1 });
    const fields = await screen.findByTestId('provider-contract-fields');
    expect(within(fields).getByText('running')).toBeInTheDocument();
    expect(within(fields).getByRole('row', { name: /Signed by|Signed/ })).toHaveTextContent('demo_merchant');
    expect(within(screen.getByTestId('provider-steps')).getAllByRole('row').map((row) => row.textContent)).toEqual([
      expect.stringContaining('Time'),
      expect.stringMatching(/Opened.*the store.*demo_merchant/),
      expect.stringMatching(/Signed.*the store.*demo_merchant/),
    ]);

    await user.click(screen.getByRole('button', { name: 'Close the service' }));
    await screen.findByRole('heading', { name: 'Close provider delivery', level: 1 });
    await user.type(screen.getByRole('textbox', { name: 'Reason for closing' }), 'season over');
    await user.click(screen.getByRole('button', { name: 'Close the service' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close provider delivery?' });
    expect(server.callsTo(E.closeContract.path)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: /confirm/i }));
    await screen.findByRole('heading', { name: 'Provider delivery', level: 1 });
    expect(server.callsTo(E.closeContract.path)[0]!.biz).toEqual({ contractId: 101, reason: 'season over' });
    expect(await screen.findByText('Provider delivery is not open')).toBeInTheDocument();
    expect(within(screen.getByTestId('provider-contracts')).getByText('closed')).toBeInTheDocument();
    expect(server.violations).toEqual([]);
  });

  it('a suspended contract says by whom and why, and offers the store only closing', async () => {
    const server = createFakeStoreServer([DEMO_OWNER]);
    fakeProviderDelivery(server, [suspended()]);
    await renderSignedIn({ server, path: '/shop/serviceProviderDelivery' });
    const current = await screen.findByTestId('provider-current', {}, { timeout: 20_000 });
    expect(await within(current).findByText(/suspended by the provider: no drivers this week/)).toBeInTheDocument();
    expect(within(current).getByRole('button', { name: 'Close the service' })).toBeEnabled();
    expect(within(current).queryByRole('button', { name: 'Sign the agreement' })).not.toBeInTheDocument();
    expect(within(current).queryByRole('button', { name: 'Open the service' })).not.toBeInTheDocument();
  });

  it('without provider-delivery:manage the actions are disabled (shop:view still reads)', async () => {
    const staff: FakeUser = { ...DEMO_USER, info: { ...DEMO_USER.info, permissions: [PERMISSIONS.shopView] } };
    const server = createFakeStoreServer([staff]);
    fakeProviderDelivery(server, [suspended()]);
    await renderSignedIn({ server, path: '/shop/serviceProviderDelivery' });
    const current = await screen.findByTestId('provider-current', {}, { timeout: 20_000 });
    expect(await within(current).findByRole('button', { name: 'Close the service' })).toBeDisabled();
  });
});
