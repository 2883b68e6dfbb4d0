// The provider delivery screens' addresses (console-spec §2 /shop/serviceProviderDelivery +detail, open, sign, closeserve).
export const PROVIDER_DELIVERY_PATH = '/shop/serviceProviderDelivery';
export const PROVIDER_DELIVERY_OPEN_PATH = '/shop/serviceProviderDelivery/open';
export const providerDeliveryDetailPath = (contractId: number) => `/shop/serviceProviderDelivery/detail?contractId=${contractId}`;
export const providerDeliverySignPath = (contractId: number) => `/shop/serviceProviderDelivery/sign?contractId=${contractId}`;
export const providerDeliveryClosePath = (contractId: number) => `/shop/serviceProviderDelivery/closeserve?contractId=${contractId}`;
