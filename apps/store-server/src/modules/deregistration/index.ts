// The deregistration module's public face (closing the shop: docs/merchant-centre.md "Closing the shop").
export { DeregistrationRepository } from './deregistration.repository';
export { deregistrationRoutes } from './deregistration.routes';
export { DeregistrationService, CLOSED_STORE_REASON, LOGOUT_PAY_CHECK_MAX_AGE_SECONDS, type PayCheckedSessions } from './deregistration.service';
