import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { permissionSetOf, type PermissionSet } from './permission-set';

const PermissionContext = createContext<PermissionSet | null>(null);

/** Supplies the signed-in user's permission codes; the console shell mounts it with the user's codes. */
export function PermissionProvider({ codes, children }: { codes: Iterable<string>; children: ReactNode }) {
  const list = [...codes];
  const key = list.join('\u0001');
  // `key` stands for the list's contents: a new array of the same codes keeps the context value.
  const value = useMemo(() => permissionSetOf(list), [key]);
  return <PermissionContext.Provider value={value}>{children}</PermissionContext.Provider>;
}

/**
 * The user's codes: `has(code)` is true when no code is required or the code is held. Without a
 * PermissionProvider nobody holds any code, so a coded action is disabled rather than silently allowed.
 */
export function usePermissions(): PermissionSet {
  const value = useContext(PermissionContext);
  return value ?? NO_PERMISSIONS;
}

const NO_PERMISSIONS: PermissionSet = permissionSetOf([]);
