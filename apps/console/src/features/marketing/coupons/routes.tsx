// Manifest entries of the coupon screens (issue 28 §4; console-spec §2 /marketing coupons/couponsMgmt, +add,
// details, receive), children of the /marketing group. Viewing needs marketing:view (the list, details and
// claim calls); add / edit needs coupons:manage, as addCoupon and editCoupon do. storeTypeRules.ts keeps the
// whole of /marketing/coupons from service stores.
import { PERMISSIONS } from '@merchant/api-contracts';
import type { ManifestRoute, RouteHandle } from '../../../routes/routeHandle';

const pages = () => import('./CouponPages');
type PageName = Exclude<keyof Awaited<ReturnType<typeof pages>>, 'default'>;

function screen(path: string, page: PageName, handle: RouteHandle): ManifestRoute {
  return { path, handle, lazy: () => pages().then((module) => ({ Component: module[page] })) };
}

const view = PERMISSIONS.marketingView;

export const marketingCouponScreens: ManifestRoute[] = [
  screen('coupons/couponsMgmt', 'CouponListPage', { title: 'coupons.menu.list', permission: view }),
  screen('coupons/couponsMgmt/add', 'CouponFormPage', { title: 'coupons.menu.add', permission: PERMISSIONS.couponsManage, hidden: true, keepAlive: false }),
  screen('coupons/couponsMgmt/details', 'CouponDetailsPage', { title: 'coupons.menu.details', permission: view, hidden: true }),
  screen('coupons/couponsMgmt/receive', 'CouponReceivePage', { title: 'coupons.menu.receive', permission: view, hidden: true }),
];
