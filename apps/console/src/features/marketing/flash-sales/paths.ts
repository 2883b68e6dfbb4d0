// Addresses of the time-limited sale screens (issue 28 §3; console-spec §2 /marketing/TimeLimit, +order). Edit is
// the add screen with `?id=`; details and orders name their sale with `?id=` too.
export const FLASH_SALE_BASE_PATH = '/marketing/TimeLimit';

export const FLASH_SALE_PATHS = {
  list: FLASH_SALE_BASE_PATH,
  add: `${FLASH_SALE_BASE_PATH}/add`,
  details: `${FLASH_SALE_BASE_PATH}/details`,
  order: `${FLASH_SALE_BASE_PATH}/order`,
} as const;

/** A screen of one sale: `?id=<saleId>`. */
export const flashSaleAddress = (path: string, saleId: number | string) => `${path}?id=${encodeURIComponent(String(saleId))}`;
