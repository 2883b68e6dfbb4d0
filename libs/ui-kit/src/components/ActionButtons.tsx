import { useState, type MouseEvent, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { permissionSetOf } from '../context/permission-set';
import { usePermissions } from '../context/permissions';
import { useUiKitText } from '../i18n/locale-context';
import { PermissionButton } from './PermissionButton';

/** console-spec §2: up to 3 actions shown directly, otherwise the first 2 plus a 'more' menu. */
export const MAX_DIRECT_ACTIONS = 3;
export const DIRECT_ACTIONS_WITH_MORE = 2;

export interface RowAction {
  key: string;
  label: ReactNode;
  onClick: () => void;
  /**
   * The address a navigating action goes to (detail, edit, ship…). The action is then a real link: a plain
   * click still runs `onClick` (in-app navigation), while ctrl/⌘/shift-click, middle-click and "open in new
   * tab" open the address as the browser does (issue 35 §5).
   */
  href?: string;
  disabled?: boolean;
  /** Permission code (§6); honoured by the direct buttons and the 'more' menu alike. */
  permission?: string;
  color?: 'primary' | 'error' | 'warning' | 'inherit';
}

/** A click the app handles itself; one with a modifier key (new tab, new window) is left to the browser. */
export function isPlainClick(event: Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey'>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** A link's click: in-app for a plain click, the browser's otherwise. */
function linkClick(action: RowAction, done?: () => void) {
  return (event: MouseEvent) => {
    if (action.href !== undefined && !isPlainClick(event)) return;
    event.preventDefault();
    done?.();
    action.onClick();
  };
}

/** Splits actions into those shown as buttons and those in the 'more' menu. */
export function splitActions<T>(actions: readonly T[]): { direct: T[]; overflow: T[] } {
  if (actions.length <= MAX_DIRECT_ACTIONS) return { direct: [...actions], overflow: [] };
  return { direct: actions.slice(0, DIRECT_ACTIONS_WITH_MORE), overflow: actions.slice(DIRECT_ACTIONS_WITH_MORE) };
}

/** MUI's small text button: at least 64 px wide, 5 px padding each side, 13 px text. */
const BUTTON_MIN_WIDTH = 64;
const BUTTON_PADDING = 10;
const BUTTON_GAP = 4; // Stack spacing 0.5
const CELL_PADDING = 20; // the grid cell's 10 px each side
/** Approximate text width at 13 px: a CJK character is about a square, Latin letters (upper case in buttons) about 8.5 px. */
function labelWidth(label: string): number {
  return [...label].reduce((width, char) => width + (char.charCodeAt(0) > 0xff ? 13.5 : 8.5), 0);
}

/**
 * The column width that shows these action labels without clipping (the direct buttons and 'more',
 * as ActionButtons lays them out). `moreLabel` is the 'more' button's text in the user's language.
 */
export function actionButtonsWidth(labels: readonly string[], moreLabel: string): number {
  const { direct, overflow } = splitActions(labels);
  const shown = overflow.length > 0 ? [...direct, moreLabel] : direct;
  if (shown.length === 0) return CELL_PADDING;
  const buttons = shown.reduce((sum, label) => sum + Math.max(BUTTON_MIN_WIDTH, Math.ceil(labelWidth(label)) + BUTTON_PADDING), 0);
  return buttons + BUTTON_GAP * (shown.length - 1) + CELL_PADDING;
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
  // The menu (Menu → Popover → Modal) mounts at its first opening and stays for its closing animation:
  // a table renders one ActionButtons per row, and a closed menu in each made the rows' first render heavier.
  const [menuMounted, setMenuMounted] = useState(false);
  const { direct, overflow } = splitActions(actions);
  const held = userCodes ? permissionSetOf(userCodes) : permissions;
  const allowed = (action: RowAction) => held.has(action.permission);
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
          // A link only where it may be followed: no address on a disabled or forbidden action.
          href={allowed(action) && !action.disabled ? action.href : undefined}
          onClick={action.href !== undefined ? linkClick(action) : action.onClick}
        >
          {action.label}
        </PermissionButton>
      ))}
      {overflow.length > 0 && (
        <>
          <Button
            size="small"
            variant="text"
            aria-haspopup="menu"
            onClick={(event) => {
              setMenuMounted(true);
              setMenuAnchor(event.currentTarget);
            }}
          >
            {t('more')}
          </Button>
          {menuMounted && (
            <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
              {overflow.map((action) => {
                const permitted = allowed(action);
                const link = permitted && !action.disabled && action.href !== undefined;
                return (
                  <MenuItem
                    key={action.key}
                    disabled={action.disabled || !permitted}
                    title={permitted ? undefined : t('noPermission')}
                    // Keep the 'no permission' title hoverable on the disabled item.
                    sx={permitted ? undefined : { '&.Mui-disabled': { pointerEvents: 'auto' } }}
                    {...(link ? { component: 'a', href: action.href } : {})}
                    onClick={(event: MouseEvent) => {
                      // The guard, not only the look: an item without permission never runs its action.
                      if (!permitted || action.disabled) return;
                      linkClick(action, () => setMenuAnchor(null))(event);
                    }}
                  >
                    {action.label}
                  </MenuItem>
                );
              })}
            </Menu>
          )}
        </>
      )}
    </Stack>
  );
}
