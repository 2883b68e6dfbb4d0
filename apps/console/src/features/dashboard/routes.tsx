import DashboardIcon from '@mui/icons-material/Dashboard';
import type { ManifestRoute } from '../../routes/routeHandle';

export const dashboardRoutes: ManifestRoute[] = [
  {
    path: '/dashboard',
    handle: { title: 'dashboard.title', icon: DashboardIcon, affix: true },
    lazy: () => import('./DashboardPage').then((module) => ({ Component: module.DashboardPage })),
  },
];
