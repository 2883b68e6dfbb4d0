import { createContext, useContext, useMemo, type ReactNode } from 'react';

interface PermissionContextValue {
  codes: ReadonlySet<string>;
  has(code: string | undefined): boolean;
}

const PermissionContext = createContext<PermissionContextValue | null>(null);

/** True when no code is required or the code is among the user's codes (console-spec §6). */
export function hasPermission(code: string | undefined, userCodes: ReadonlySet<string> | readonly string[] | null | undefined): boolean {
  if (!code) return true;
  if (!userCodes) return false;
  return userCodes instanceof Set ? userCodes.has(code) : (userCodes as readonly string[]).includes(code);
}

/** Supplies the signed-in user's permission codes; the console shell mounts it with the user's codes. */
export function PermissionProvider({ codes, children }: { codes: Iterable<string>; children: ReactNode }) {
  const list = [...codes];
  const key = list.join('\u0001');
  const value = useMemo<PermissionContextValue>(() => {
    const set = new Set(list);
    return { codes: set, has: (code) => hasPermission(code, set) };
  }, [key]);
  return <PermissionContext.Provider value={value}>{children}</PermissionContext.Provider>;
}

/**
 * The user's codes. Without a PermissionProvider nobody holds any code, so a coded action is
 * disabled rather than silently allowed.
 */
export function usePermissions(): PermissionContextValue {
  const value = useContext(PermissionContext);
  return value ?? NO_PERMISSIONS;
}

const NO_PERMISSIONS: PermissionContextValue = { codes: new Set(), has: (code) => hasPermission(code, null) };
