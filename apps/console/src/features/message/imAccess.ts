// Who may use the chat: the IM calls' own code (im:chat), read from the contract so the route, the shell's
// frame, the badge, the IM info entry and the "chat with buyer" buttons ask for exactly what store-server
// checks (docs/permissions.md). A user without it gets no frame, no IM token call and no chat entry.
import { imEndpoints } from '@merchant/api-contracts';
import { useHasPermission } from '../auth/permissions';

/** The code the chat needs: getCccUserImToken's (updateImInfo carries the same). */
export const IM_CHAT_PERMISSION: string | undefined = imEndpoints.getCccUserImToken.permission;

/** True when the signed-in user may open the chat. */
export function useMayChat(): boolean {
  return useHasPermission(IM_CHAT_PERMISSION);
}
