// Provider delivery as the console's specs serve it (contract providerDeliveryEndpoints): providers and contracts in
// memory, moved by the same PROVIDER_CONTRACT_MACHINE store-server enforces (an illegal step answers 10100005), each
// step recorded; every answer is checked against its contract by the fake server.
import { PROVIDER_CONTRACT_MACHINE, STORE_CODES, providerDeliveryEndpoints as E, type ProviderContractEvent } from '@merchant/api-contracts';
import { ok, type FakeStoreServer } from '../../../../test/fakeStoreServer';
import type { DeliveryProvider, ProviderContractDetail } from './api';

export const FAKE_PROVIDERS: DeliveryProvider[] = [
  { providerId: 1, name: '闪送同城', serviceArea: '上海市', feeNote: 'CNY 12 per order', contactPhone: '400-800-1001', agreementTitle: 'Flash delivery agreement', agreementVersion: '2026-11' },
  { providerId: 3, name: 'Bulky Home Delivery', serviceArea: 'Jiangsu, Zhejiang, Shanghai', feeNote: 'from CNY 60', contactPhone: '400-800-1003', agreementTitle: 'Bulky delivery agreement', agreementVersion: '2026-11' },
];

const NOW = 1_790_000_000;

/** Answers the provider delivery calls from an in-memory store; `contracts` may start with seeded ones. */
export function fakeProviderDelivery(server: FakeStoreServer, contracts: ProviderContractDetail[] = []) {
  let nextId = 100 + contracts.length;
  const find = (contractId: unknown) => contracts.find((c) => c.contract.contractId === contractId);
  const move = (contractId: unknown, event: ProviderContractEvent, patch: (d: ProviderContractDetail) => void, reason: string | null = null) => {
    const detail = find(contractId);
    if (!detail) return { code: STORE_CODES.notFound, msg: 'provider delivery contract not found' };
    const to = PROVIDER_CONTRACT_MACHINE.next(detail.contract.state, event, 'merchant');
    if (to === undefined) return { code: STORE_CODES.notAllowedInCurrentState, msg: `the store cannot ${event} this contract` };
    detail.contract.state = to;
    patch(detail);
    detail.steps.push({ event, actor: 'merchant', userName: 'demo_merchant', time: NOW + detail.steps.length, reason });
    return ok(detail);
  };
  server.on(E.providerList.path, () => ok(FAKE_PROVIDERS));
  server.on(E.contractList.path, ({ biz }) => {
    const list = [...contracts].reverse().map((c) => c.contract);
    return ok({ list, total: list.length, pageNum: biz.pageNum, pageSize: biz.pageSize });
  });
  server.on(E.contractDetail.path, ({ biz }) => {
    const detail = find(biz.contractId);
    return detail ? ok(detail) : { code: STORE_CODES.notFound, msg: 'provider delivery contract not found' };
  });
  server.on(E.openContract.path, ({ biz }) => {
    const provider = FAKE_PROVIDERS.find((p) => p.providerId === biz.providerId);
    if (!provider) return { code: STORE_CODES.notFound, msg: 'delivery provider not found' };
    if (contracts.some((c) => c.contract.state !== 4)) return { code: STORE_CODES.notAllowedInCurrentState, msg: 'the store already has a provider delivery contract that is not closed' };
    const detail: ProviderContractDetail = {
      contract: {
        contractId: ++nextId,
        providerId: provider.providerId,
        providerName: provider.name,
        state: 1,
        agreementTitle: provider.agreementTitle,
        agreementVersion: provider.agreementVersion,
        openTime: NOW,
        openedBy: 'demo_merchant',
        signTime: null,
        signedBy: null,
        suspendedBy: null,
        suspendReason: null,
        closeTime: null,
        closedBy: null,
        closeReason: null,
      },
      provider,
      agreementText: { 'zh-CN': `${provider.name}服务协议正文`, 'en-US': `${provider.name} agreement text: pickup within 4 hours.` },
      steps: [{ event: 'open', actor: 'merchant', userName: 'demo_merchant', time: NOW, reason: null }],
    };
    contracts.push(detail);
    return ok(detail);
  });
  server.on(E.signContract.path, ({ biz }) =>
    move(biz.contractId, 'sign', (d) => {
      d.contract.signTime = NOW + 60;
      d.contract.signedBy = 'demo_merchant';
    }),
  );
  server.on(E.closeContract.path, ({ biz }) =>
    move(
      biz.contractId,
      'close',
      (d) => {
        d.contract.closeTime = NOW + 120;
        d.contract.closedBy = 'demo_merchant';
        d.contract.closeReason = typeof biz.reason === 'string' ? biz.reason : null;
        d.contract.suspendedBy = null;
        d.contract.suspendReason = null;
      },
      typeof biz.reason === 'string' ? biz.reason : null,
    ),
  );
  return { contracts };
}
