// Addresses of the settlement account screens (console-spec §2 /shop settlement and settlement/edit; issue 26 §2).
export const SETTLEMENT_PATHS = {
  view: '/shop/settlement',
  edit: '/shop/settlement/edit',
} as const;
