import type { EndpointParsedBiz, authEndpoints } from '@merchant/api-contracts';

// The wire shapes of this module live in @merchant/api-contracts (endpoints/auth); these are the
// server's names for what the service receives.
export type LoginInput = EndpointParsedBiz<typeof authEndpoints.login>;
