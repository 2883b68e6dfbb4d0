import type { EndpointParsedBiz, accountEndpoints } from '@merchant/api-contracts';

// The wire shapes of this module (store information, categories and their rules; the bank card's: settlement.service.ts) live in
// @merchant/api-contracts (endpoints/account); these are the server's names for what the service receives.
export type { StoreInfo, StoreInfoDraft } from '@merchant/api-contracts';
export type StoreInfoChanges = EndpointParsedBiz<typeof accountEndpoints.updateStoreInfo>;
