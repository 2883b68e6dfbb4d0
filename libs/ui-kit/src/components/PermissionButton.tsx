import { createContext, useContext, type ReactNode } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import { useUiKitText } from '../i18n/locale-context';

const PermissionCodesContext = createContext<ReadonlySet<string> | null>(null);

/** Supplies the signed-in user's permission codes to every PermissionButton below it. */
export function PermissionCodesProvider({ codes, children }: { codes: Iterable<string>; children: ReactNode }) {
  return <PermissionCodesContext.Provider value={new Set(codes)}>{children}</PermissionCodesContext.Provider>;
}

/** True when no code is required or the code is among the user's codes (console-spec §6). */
export function hasPermission(code: string | undefined, userCodes: ReadonlySet<string> | readonly string[] | null): boolean {
  if (!code) return true;
  if (!userCodes) return false;
  return userCodes instanceof Set ? userCodes.has(code) : (userCodes as readonly string[]).includes(code);
}

export interface PermissionButtonProps extends ButtonProps {
  /** Permission code; when set and not held, the button is disabled with the title 'no permission'. */
  permission?: string;
  /** Overrides the codes from PermissionCodesProvider. */
  userCodes?: readonly string[];
}

export function PermissionButton({ permission, userCodes, disabled, title, ...rest }: PermissionButtonProps) {
  const t = useUiKitText();
  const contextCodes = useContext(PermissionCodesContext);
  const allowed = hasPermission(permission, userCodes ?? contextCodes);
  if (allowed) return <Button {...rest} title={title} disabled={disabled} />;
  // A disabled button receives no pointer events, so the title sits on a wrapper to stay visible.
  return (
    <span title={t('noPermission')} style={{ display: 'inline-block' }}>
      <Button {...rest} disabled aria-disabled="true" />
    </span>
  );
}
