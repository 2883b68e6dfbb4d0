// Addresses of the delivery range screens (issue 27 §5; console-spec §2 /shop distributionRangeMaintenance, +edit,
// ineffect). Adding a range is the edit screen without `?id=`.
export const DELIVERY_RANGE_BASE_PATH = '/shop/distributionRangeMaintenance';

export const DELIVERY_RANGE_PATHS = {
  list: DELIVERY_RANGE_BASE_PATH,
  edit: `${DELIVERY_RANGE_BASE_PATH}/edit`,
  ineffect: `${DELIVERY_RANGE_BASE_PATH}/ineffect`,
} as const;

export const rangeEditAddress = (rangeId: number | string) => `${DELIVERY_RANGE_PATHS.edit}?id=${encodeURIComponent(String(rangeId))}`;
