// Manifest entries of the message feature: a sidebar item (issue 7), also reached through the
// navbar's message-centre icon and the new-message notification.
import ChatIcon from '@mui/icons-material/Chat';
import type { ManifestRoute } from '../../routes/routeHandle';
import { MESSAGE_PATH } from './messagePath';

export const messageRoutes: ManifestRoute[] = [
  {
    path: MESSAGE_PATH,
    handle: { title: 'message.title', icon: ChatIcon },
    lazy: () => import('./MessagePage').then((module) => ({ Component: module.MessagePage })),
  },
];
