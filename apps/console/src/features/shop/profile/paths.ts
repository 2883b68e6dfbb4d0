// Addresses of the shop profile screens (console-spec §2 /shop shopMsg/shopMssage and its edit screen).
export const SHOP_PROFILE_PATHS = {
  view: '/shop/shopMsg/shopMssage',
  edit: '/shop/shopMsg/shopMssage/edit',
} as const;
