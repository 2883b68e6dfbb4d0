// Manifest entries of the message feature: console-spec §2's hidden route /message/message (not in
// the sidebar), reached through the navbar's message-centre icon and the new-message notification.
// The old address /message redirects there with its query. It needs the IM calls' code (im:chat): without
// it the guard answers a typed address with the no-permission screen and the navbar shows no entry. The code, not the
// contract: route tables are in /login's JavaScript and a contract brings zod (routes/contractCodes.spec.ts checks they match).
import ChatIcon from '@mui/icons-material/Chat';
import { PERMISSIONS } from '@merchant/api-contracts';
import type { ManifestRoute } from '../../routes/routeHandle';
import { movedRoute } from '../../routes/movedRoute';
import { MESSAGE_PATH, OLD_MESSAGE_PATH } from './messagePath';

export const messageRoutes: ManifestRoute[] = [
  {
    path: MESSAGE_PATH,
    handle: { title: 'message.title', icon: ChatIcon, hidden: true, permission: PERMISSIONS.imChat },
    lazy: () => import('./MessagePage').then((module) => ({ Component: module.MessagePage })),
  },
  movedRoute(OLD_MESSAGE_PATH, MESSAGE_PATH),
];
