// The service-provider delivery contract (issue 27 §6, console-spec §2 /shop/serviceProviderDelivery +detail,
// open, sign, closeserve; docs/merchant-centre.md "Service-provider delivery"). The spec shows only the routes;
// this table is our design. store-server enforces it: an illegal step answers 10100005
// (notAllowedInCurrentState) and changes nothing.
import { statusTable, type StatusTable } from './status-tables';
import { defineStateMachine } from './state-machine';

/** 1 opened, awaiting the store's signature; 2 running; 3 suspended (by the provider or the platform); 4 closed. */
export const PROVIDER_CONTRACT_STATE = { awaitingSignature: 1, running: 2, suspended: 3, closed: 4 } as const;
export type ProviderContractState = (typeof PROVIDER_CONTRACT_STATE)[keyof typeof PROVIDER_CONTRACT_STATE];
export type ProviderContractEvent = 'sign' | 'suspend' | 'resume' | 'close';

export const PROVIDER_CONTRACT_STATE_LABELS: StatusTable<ProviderContractState> = statusTable({
  1: { 'zh-CN': '待签署', 'en-US': 'awaiting signature' },
  2: { 'zh-CN': '服务中', 'en-US': 'running' },
  3: { 'zh-CN': '已暂停', 'en-US': 'suspended' },
  4: { 'zh-CN': '已关闭', 'en-US': 'closed' },
});

export const PROVIDER_CONTRACT_MACHINE = defineStateMachine<ProviderContractState, ProviderContractEvent>({
  name: 'providerContract',
  states: [1, 2, 3, 4],
  // "open" creates the contract: the store chose a provider; nothing runs before it signs.
  initial: 1,
  transitions: [
    // The store signs the agreement it was shown (time and account recorded); the service starts.
    { event: 'sign', from: [1], to: 2, actors: ['merchant'] },
    // The provider (it cannot serve) or the platform's operator (a breach) suspends a running service.
    { event: 'suspend', from: [2], to: 3, actors: ['provider', 'platform'] },
    // Only the platform lifts a suspension, whoever made it (the operator checked the provider can serve again).
    { event: 'resume', from: [3], to: 2, actors: ['platform'] },
    // The store ends it at any point before it is closed: an unsigned opening, a running or a suspended service.
    { event: 'close', from: [1, 2, 3], to: 4, actors: ['merchant'] },
  ],
});
