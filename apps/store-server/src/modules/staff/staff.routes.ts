import { staffEndpoints as api } from '@merchant/api-contracts';
import { contractRoute, type StoreRoute } from '../../http/route';
import type { StaffService } from './staff.service';

/** Issue 26 §4 staff accounts and roles (contracts: @merchant/api-contracts endpoints/staff; every call needs staff:manage). */
export function staffRoutes(staff: StaffService): StoreRoute[] {
  return [
    contractRoute(api.listStaff, (_biz, caller) => staff.listStaff(caller)),
    contractRoute(api.addStaff, (biz, caller) => staff.addStaff(caller, biz)),
    contractRoute(api.editStaff, (biz, caller) => staff.editStaff(caller, biz)),
    contractRoute(api.setStaffStatus, (biz, caller) => staff.setStaffStatus(caller, biz)),
    contractRoute(api.resetStaffPassword, (biz, caller) => staff.resetStaffPassword(caller, biz)),
    contractRoute(api.staffEffectiveAccess, (biz, caller) => staff.effectiveAccess(caller, biz.userId)),
    contractRoute(api.listRoles, (_biz, caller) => staff.listRoles(caller)),
    contractRoute(api.addRole, (biz, caller) => staff.addRole(caller, biz)),
    contractRoute(api.editRole, (biz, caller) => staff.editRole(caller, biz)),
    contractRoute(api.deleteRole, (biz, caller) => staff.deleteRole(caller, biz.roleId)),
  ];
}
