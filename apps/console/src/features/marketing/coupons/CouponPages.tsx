// The coupon screens (issue 28 §4): the template list, the add / edit form, the details and the claim records,
// each a page of the resource kit drawn from couponsMgmt.tsx's definition (receive from its own list).
import { ResourceDetailPage, ResourceFormPage, ResourceListPage } from '../../../resource-kit';
import { couponTemplates } from './couponsMgmt';

export { CouponReceivePage } from './CouponReceivePage';

export const CouponListPage = () => <ResourceListPage resource={couponTemplates} />;
export const CouponFormPage = () => <ResourceFormPage resource={couponTemplates} createTitleKey="coupons.menu.add" editTitleKey="coupons.action.edit" />;
export const CouponDetailsPage = () => <ResourceDetailPage resource={couponTemplates} titleKey="coupons.details.heading" />;
