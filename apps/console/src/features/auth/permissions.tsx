// §6 permissions on the console side: the signed-in user's codes (from getUserByToken) reach
// every ui-kit PermissionButton / ActionButtons through the ui-kit's own provider, mounted once.
import type { ReactNode } from 'react';
import { PermissionProvider } from '@merchant/ui-kit';
import { useAppSelector } from '../../app/hooks';

const NO_CODES: readonly string[] = [];

/** The signed-in user's permission codes (empty while signed out or loading). */
export function usePermissions(): readonly string[] {
  return useAppSelector((state) => state.auth.user?.permissions ?? NO_CODES);
}

/** True when no code is needed or the user holds it. */
export function useHasPermission(code: string | undefined): boolean {
  const codes = usePermissions();
  return !code || codes.includes(code);
}

export function ConsolePermissionProvider({ children }: { children: ReactNode }) {
  return <PermissionProvider codes={usePermissions()}>{children}</PermissionProvider>;
}
