import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
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
  userCodes?: readonly string[];
}

export function ActionButtons({ actions, userCodes }: ActionButtonsProps) {
  const t = useUiKitText();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const { direct, overflow } = splitActions(actions);
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
            {overflow.map((action) => (
              <MenuItem
                key={action.key}
                disabled={action.disabled}
                onClick={() => {
                  setMenuAnchor(null);
                  action.onClick();
                }}
              >
                {action.label}
              </MenuItem>
            ))}
          </Menu>
        </>
      )}
    </Stack>
  );
}
