// Manifest entries of the help centre (§2 route /help/help), reached from the navbar's help icon.
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import type { ManifestRoute } from '../../routes/routeHandle';

export const HELP_PATH = '/help/help';

export const helpRoutes: ManifestRoute[] = [
  {
    path: '/help',
    handle: { title: 'help.group', icon: HelpOutlineIcon },
    children: [
      {
        path: 'help',
        handle: { title: 'help.title', icon: HelpOutlineIcon },
        lazy: () => import('./HelpPage').then((module) => ({ Component: module.HelpPage })),
      },
    ],
  },
];
