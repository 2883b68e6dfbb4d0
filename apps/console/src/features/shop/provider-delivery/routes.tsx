// Manifest entries of service-provider delivery (issue 27 §6), children of the /shop group. Reading needs shop:view,
// opening, signing and closing provider-delivery:manage; a service store (storeType 3) does not see them
// (routes/storeTypeRules.ts).
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { PERMISSIONS } from '@merchant/api-contracts';
import type { ManifestRoute } from '../../../routes/routeHandle';

const pages = () => import('./ProviderDeliveryPages');

export const shopProviderDeliveryScreens: ManifestRoute[] = [
  {
    path: 'serviceProviderDelivery',
    handle: { title: 'providerDelivery.menu.main', icon: LocalShippingIcon, permission: PERMISSIONS.shopView },
    lazy: () => pages().then((m) => ({ Component: m.ProviderDeliveryPage })),
  },
  {
    path: 'serviceProviderDelivery/detail',
    handle: { title: 'providerDelivery.menu.detail', hidden: true, permission: PERMISSIONS.shopView, keepAlive: false },
    lazy: () => pages().then((m) => ({ Component: m.ProviderContractDetailPage })),
  },
  {
    path: 'serviceProviderDelivery/open',
    handle: { title: 'providerDelivery.menu.open', hidden: true, permission: PERMISSIONS.providerDeliveryManage, keepAlive: false },
    lazy: () => pages().then((m) => ({ Component: m.ProviderDeliveryOpenPage })),
  },
  {
    path: 'serviceProviderDelivery/sign',
    handle: { title: 'providerDelivery.menu.sign', hidden: true, permission: PERMISSIONS.providerDeliveryManage, keepAlive: false },
    lazy: () => pages().then((m) => ({ Component: m.ProviderDeliverySignPage })),
  },
  {
    path: 'serviceProviderDelivery/closeserve',
    handle: { title: 'providerDelivery.menu.close', hidden: true, permission: PERMISSIONS.providerDeliveryManage, keepAlive: false },
    lazy: () => pages().then((m) => ({ Component: m.ProviderDeliveryClosePage })),
  },
];
