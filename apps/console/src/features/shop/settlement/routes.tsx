// Manifest entries of the settlement account (console-spec §2 /shop settlement and settlement/edit; issue 26 §2),
// children of the /shop group. Seeing it needs shop:view; changing it account:edit (docs/permissions.md: the bank card).
import { PERMISSIONS } from '@merchant/api-contracts';
import type { ManifestRoute } from '../../../routes/routeHandle';

export const shopSettlementScreens: ManifestRoute[] = [
  {
    path: 'settlement',
    handle: { title: 'shopSettlement.menu.view', permission: PERMISSIONS.shopView },
    lazy: () => import('./SettlementPage').then((m) => ({ Component: m.SettlementPage })),
  },
  {
    path: 'settlement/edit',
    handle: { title: 'shopSettlement.menu.edit', permission: PERMISSIONS.accountEdit, hidden: true, keepAlive: false },
    lazy: () => import('./SettlementEditPage').then((m) => ({ Component: m.SettlementEditPage })),
  },
];
