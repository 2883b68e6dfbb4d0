// Manifest entries of staff accounts and roles (issue 26 §4), children of the /shop group beside the account
// screens. Every staff call needs staff:manage, so every screen does too.
import { PERMISSIONS } from '@merchant/api-contracts';
import type { ManifestRoute } from '../../../routes/routeHandle';

export const shopStaffScreens: ManifestRoute[] = [
  {
    path: 'accountMgmt/staff',
    handle: { title: 'shopStaff.menu.staff', permission: PERMISSIONS.staffManage },
    lazy: () => import('./StaffPage').then((m) => ({ Component: m.StaffPage })),
  },
  {
    path: 'accountMgmt/roles',
    handle: { title: 'shopStaff.menu.roles', permission: PERMISSIONS.staffManage },
    lazy: () => import('./RolesPage').then((m) => ({ Component: m.RolesPage })),
  },
  {
    path: 'accountMgmt/staff/:userId/access',
    handle: { title: 'shopStaff.menu.access', permission: PERMISSIONS.staffManage, hidden: true, keepAlive: false },
    lazy: () => import('./StaffAccessPage').then((m) => ({ Component: m.StaffAccessPage })),
  },
];
