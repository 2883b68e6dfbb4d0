// The wire shapes of this module live in @merchant/api-contracts (endpoints/orders).
export { SHIPPING_ORDER_STATUSES, type OrderCountQuery } from '@merchant/api-contracts';
