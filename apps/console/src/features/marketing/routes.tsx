// Manifest entries of the marketing area (console-spec §2 /marketing), inside the signed-in shell. Each
// screen family adds its relative entries here.
import CampaignIcon from '@mui/icons-material/Campaign';
import type { ManifestRoute } from '../../routes/routeHandle';
import { marketingCouponScreens } from './coupons/routes';
import { marketingGroupBuyScreens } from './group-buys/routes';
import { marketingFlashSaleScreens } from './flash-sales/routes';
import { marketingActivityScreens } from './activity/routes';

export const marketingRoutes: ManifestRoute[] = [
  {
    path: '/marketing',
    handle: { title: 'marketing.menu.group', icon: CampaignIcon },
    children: [...marketingActivityScreens, ...marketingCouponScreens, ...marketingGroupBuyScreens, ...marketingFlashSaleScreens],
  },
];
