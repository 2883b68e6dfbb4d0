// The texts of the areas inside the signed-in layout, loaded with the layout's chunk (AppShell)
// rather than with /login. A new area inside the layout adds its messages here.
import type { FeatureMessages } from './i18n';
import { accountMessages } from '../features/account/messages';
import { afterSalesMessages } from '../features/after-sales/messages';
import { dashboardMessages } from '../features/dashboard/messages';
import { messageMessages } from '../features/message/messages';
import { mediaMessages } from '../features/media/messages';
import { goodsReleaseMessages } from '../features/goods/release/messages';
import { goodsMessages } from '../features/goods/messages';
import { inventoryMessages } from '../features/inventory/messages';
import { couponMessages } from '../features/marketing/coupons/messages';
import { flashSaleMessages } from '../features/marketing/flash-sales/messages';
import { groupBuyMessages } from '../features/marketing/group-buys/messages';
import { activityMessages } from '../features/marketing/activity/messages';
import { marketingMessages } from '../features/marketing/messages';
import { promotionSkuMessages } from '../features/marketing/promotion-skus/messages';
import { orderMessages } from '../features/orders/messages';
import { shippingMessages } from '../features/orders/shipping/messages';
import { shopAccessMessages } from '../features/shop/access/messages';
import { shopLogoutMessages } from '../features/shop/logout/messages';
import { shopSettlementMessages } from '../features/shop/settlement/messages';
import { shopProfileMessages } from '../features/shop/profile/messages';
import { shopStaffMessages } from '../features/shop/staff/messages';
import { providerDeliveryMessages } from '../features/shop/provider-delivery/messages';
import { afterSaleTemplateMessages } from '../features/shop/after-sale-templates/messages';
import { shopFreightMessages } from '../features/shop/freight/messages';
import { shopDeliveryRangeMessages } from '../features/shop/delivery-range/messages';
import { shopCartageMessages } from '../features/shop/cartage/messages';
import { shopBrandMessages } from '../features/shop/brands/messages';
import { resourceKitMessages } from '../resource-kit/messages';
import { tradeMessages } from '../features/trade/messages';
import { depositMessages } from '../features/trade/deposit/messages';
import { walletMessages } from '../features/trade/wallet/messages';
import { statementsMessages } from '../features/trade/statements/messages';
// The shop profile reuses onboarding inputs (registered/ShopMsgPage's CategoriesInput) and their texts.
import { registeredMessages } from '../features/registered/messages';

export const shellMessages: readonly FeatureMessages[] = [
  accountMessages,
  afterSalesMessages,
  dashboardMessages,
  messageMessages,
  mediaMessages,
  goodsReleaseMessages,
  goodsMessages,
  inventoryMessages,
  couponMessages,
  flashSaleMessages,
  groupBuyMessages,
  activityMessages,
  marketingMessages,
  promotionSkuMessages,
  orderMessages,
  shippingMessages,
  shopAccessMessages,
  shopLogoutMessages,
  shopSettlementMessages,
  shopProfileMessages,
  shopStaffMessages,
  providerDeliveryMessages,
  afterSaleTemplateMessages,
  shopFreightMessages,
  shopDeliveryRangeMessages,
  shopCartageMessages,
  shopBrandMessages,
  resourceKitMessages,
  tradeMessages,
  depositMessages,
  walletMessages,
  statementsMessages,
  registeredMessages,
];
