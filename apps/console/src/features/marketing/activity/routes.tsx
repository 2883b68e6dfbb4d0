// Manifest entries of the platform activity screens (issue 28 §1; console-spec §2 /marketing activity/activityList,
// +apply, details), children of the /marketing group. Viewing needs marketing:view (campaigns, list, details);
// applying needs marketing:edit, as applyActivity and withdrawActivity do.
import { PERMISSIONS } from '@merchant/api-contracts';
import type { ManifestRoute, RouteHandle } from '../../../routes/routeHandle';

const pages = () => import('./ActivityPages');
type PageName = Exclude<keyof Awaited<ReturnType<typeof pages>>, 'default'>;

function screen(path: string, page: PageName, handle: RouteHandle): ManifestRoute {
  return { path, handle, lazy: () => pages().then((module) => ({ Component: module[page] })) };
}

const view = PERMISSIONS.marketingView;

export const marketingActivityScreens: ManifestRoute[] = [
  screen('activity/activityList', 'ActivityListPage', { title: 'activities.menu.list', permission: view }),
  screen('activity/activityList/apply', 'ActivityApplyPage', { title: 'activities.menu.apply', permission: PERMISSIONS.marketingEdit, hidden: true, keepAlive: false }),
  screen('activity/activityList/details', 'ActivityDetailsPage', { title: 'activities.menu.details', permission: view, hidden: true }),
];
