// The brand screens' addresses (console-spec §2 /shop/brandQuery/BrandApply +add, details; /shop/brandManagement +detail).
export const BRAND_QUERY_PATH = '/shop/brandQuery';
export const BRAND_APPLY_ADD_PATH = '/shop/brandQuery/BrandApply/add';
export const BRAND_MANAGEMENT_PATH = '/shop/brandManagement';
export const brandDetailsPath = (applicationId: number) => `/shop/brandQuery/BrandApply/details?applicationId=${applicationId}`;
export const brandManagementDetailPath = (applicationId: number) => `/shop/brandManagement/detail?applicationId=${applicationId}`;
