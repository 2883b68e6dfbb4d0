// The wire shapes of this module live in @merchant/api-contracts (endpoints/deregistration).
export { LogoutRecordStatus } from '@merchant/api-contracts';
