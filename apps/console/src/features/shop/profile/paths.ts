// Addresses of the shop profile screens (console-spec §2 /shop shopMsg/shopMssage, its edit screen and the
// reviewed ones: store, storeLicense, legalPerson, jyEdit).
export const SHOP_PROFILE_PATHS = {
  view: '/shop/shopMsg/shopMssage',
  edit: '/shop/shopMsg/shopMssage/edit',
  store: '/shop/shopMsg/shopMssage/store',
  storeLicense: '/shop/shopMsg/shopMssage/storeLicense',
  legalPerson: '/shop/shopMsg/shopMssage/legalPerson',
  jyEdit: '/shop/shopMsg/shopMssage/jyEdit',
} as const;
