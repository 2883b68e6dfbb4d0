// Addresses of the coupon screens (issue 28 §4; console-spec §2 /marketing coupons/couponsMgmt, +add, details,
// receive). Edit is the add screen with `?id=`; details and receive name their template with `?id=` too.
export const COUPON_BASE_PATH = '/marketing/coupons/couponsMgmt';

export const COUPON_PATHS = {
  list: COUPON_BASE_PATH,
  add: `${COUPON_BASE_PATH}/add`,
  details: `${COUPON_BASE_PATH}/details`,
  receive: `${COUPON_BASE_PATH}/receive`,
} as const;

/** A screen of one template: `?id=<templateId>`. */
export const couponAddress = (path: string, templateId: number | string) => `${path}?id=${encodeURIComponent(String(templateId))}`;
