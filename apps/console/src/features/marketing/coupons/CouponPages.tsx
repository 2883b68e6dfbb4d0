// The coupon screens (issue 28 §4): the template list, the add / edit form, the details and the claim records,
// each a page of the resource kit drawn from couponsMgmt.tsx's definition (receive from its own list).
import { ResourceDetailPage, ResourceFormPage, ResourceListPage } from '../../../resource-kit';
import { CouponDryRunPanel } from './CouponDryRunPanel';
import { couponBiz, type CouponFormValues } from './couponForm';
import { couponTemplates } from './couponsMgmt';

export { CouponReceivePage } from './CouponReceivePage';

export const CouponListPage = () => <ResourceListPage resource={couponTemplates} />;
export const CouponFormPage = () => (
  <ResourceFormPage
    resource={couponTemplates}
    createTitleKey="coupons.menu.add"
    editTitleKey="coupons.action.edit"
    // The typed rules, checked like a save (their refusals land on the fields), then replayed as they are.
    afterFields={(engine) => <CouponDryRunPanel request={async () => ((await engine.form.trigger()) ? { source: 'rules', ...(couponBiz(engine.form.getValues() as CouponFormValues) as Required<CouponFormValues>) } : undefined)} />}
  />
);
export const CouponDetailsPage = () => <ResourceDetailPage resource={couponTemplates} titleKey="coupons.details.heading" />;
