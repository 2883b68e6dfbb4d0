import Button, { type ButtonProps } from '@mui/material/Button';
import { permissionSetOf } from '../context/permission-set';
import { usePermissions } from '../context/permissions';
import { useUiKitText } from '../i18n/locale-context';

export interface PermissionButtonProps extends ButtonProps {
  /** Permission code; when set and not held, the button is disabled with the title 'no permission'. */
  permission?: string;
  /** Overrides the codes from PermissionProvider. */
  userCodes?: readonly string[];
}

/** console-spec §6: a button with a permission code the user lacks is disabled, titled 'no permission'. */
export function PermissionButton({ permission, userCodes, disabled, title, ...rest }: PermissionButtonProps) {
  const t = useUiKitText();
  const permissions = usePermissions();
  const allowed = (userCodes ? permissionSetOf(userCodes) : permissions).has(permission);
  if (allowed) return <Button {...rest} title={title} disabled={disabled} />;
  // A disabled button receives no pointer events, so the title sits on a wrapper to stay visible.
  return (
    <span title={t('noPermission')} style={{ display: 'inline-block' }}>
      <Button {...rest} disabled aria-disabled="true" />
    </span>
  );
}
