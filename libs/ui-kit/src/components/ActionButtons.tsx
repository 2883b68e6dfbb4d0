import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { hasPermission, usePermissions } from '../context/permissions';
import { useUiKitText } from '../i18n/locale-context';
import { PermissionButton } from './PermissionButton';

/** console-spec §2: up to 3 actions shown directly, otherwise the first 2 plus a 'more' menu. */
export const MAX_DIRECT_ACTIONS = 3;
export const DIRECT_ACTIONS_WITH_MORE = 2;

export interface RowAction {
  key: string;
  label: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  /** Permission code (§6); honoured by the direct buttons and the 'more' menu alike. */
  permission?: string;
  color?: 'primary' | 'error' | 'warning' | 'inherit';
}

/** Splits actions into those shown as buttons and those in the 'more' menu. */
export function splitActions<T>(actions: readonly T[]): { direct: T[]; overflow: T[] } {
  if (actions.length <= MAX_DIRECT_ACTIONS) return { direct: [...actions], overflow: [] };
  return { direct: actions.slice(0, DIRECT_ACTIONS_WITH_MORE), overflow: actions.slice(DIRECT_ACTIONS_WITH_MORE) };
}

export interface ActionButtonsProps {
  actions: readonly RowAction[];
  /** Overrides the codes from PermissionProvider. */
  userCodes?: readonly string[];
}

export function ActionButtons({ actions, userCodes }: ActionButtonsProps) {
  const t = useUiKitText();
  const permissions = usePermissions();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const { direct, overflow } = splitActions(actions);
  const allowed = (action: RowAction) => (userCodes ? hasPermission(action.permission, userCodes) : permissions.has(action.permission));
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      {direct.map((action) => (
        <PermissionButton
          key={action.key}
          size="small"
          variant="text"
          color={action.color ?? 'primary'}
          permission={action.permission}
          userCodes={userCodes}
          disabled={action.disabled}
          onClick={action.onClick}
        >
          {action.label}
        </PermissionButton>
      ))}
      {overflow.length > 0 && (
        <>
          <Button size="small" variant="text" aria-haspopup="menu" onClick={(event) => setMenuAnchor(event.currentTarget)}>
            {t('more')}
          </Button>
          <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
            {overflow.map((action) => {
              const permitted = allowed(action);
              return (
                <MenuItem
                  key={action.key}
                  disabled={action.disabled || !permitted}
                  title={permitted ? undefined : t('noPermission')}
                  // Keep the 'no permission' title hoverable on the disabled item.
                  sx={permitted ? undefined : { '&.Mui-disabled': { pointerEvents: 'auto' } }}
                  onClick={() => {
                    // The guard, not only the look: an item without permission never runs its action.
                    if (!permitted || action.disabled) return;
                    setMenuAnchor(null);
                    action.onClick();
                  }}
                >
                  {action.label}
                </MenuItem>
              );
            })}
          </Menu>
        </>
      )}
    </Stack>
  );
}
