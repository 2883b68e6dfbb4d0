// User dropdown (§2): account management, change password, my wallet, IM info, log out. Entries whose
// screens are not in the route manifest yet are shown disabled instead of leading to /404. IM info (the
// chat's nickname and avatar, updateImInfo) is offered only to holders of im:chat.
import { Suspense, lazy, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ListItemText from '@mui/material/ListItemText';
import Divider from '@mui/material/Divider';
import ListSubheader from '@mui/material/ListSubheader';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { logOut } from '../features/auth/session';
import { useRouteManifest } from '../routes/manifestContext';
import { collectPaths } from '../routes/routeHandle';
import { LOGIN_PATH } from '../routes/routeDecision';
import { useMayChat } from '../features/message/imAccess';
import { usePermissions } from '../features/auth/permissions';
import { PERMISSIONS } from '@merchant/api-contracts';

// Its own chunk: the dialog brings the media library's picker, which the layout does not need until then.
const ImInfoDialog = lazy(() => import('../features/message/ImInfoDialog').then((module) => ({ default: module.ImInfoDialog })));

const USER_MENU_LINKS = [
  { labelKey: 'layout.accountManagement', path: '/shop/accountMgmt/accountInfo' },
  { labelKey: 'layout.changePassword', path: '/shop/accountMgmt/accountInfo/password' },
  // Offered to holders of wallet:view only (the screen's own permission).
  { labelKey: 'layout.myWallet', path: '/trade/moneyMgmt/myWallet', permission: PERMISSIONS.walletView },
] as const;

/** The name's room in the top bar; a longer name ends in an ellipsis and the menu's heading says it whole. */
const NAME_MAX_WIDTH = { mobile: 96, desktop: 200 } as const;

export function UserMenu({ mobile = false }: { mobile?: boolean }) {
  const { t } = useTranslation();
  const menuId = useId();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useAppSelector((state) => state.auth.user);
  const knownPaths = new Set(collectPaths(useRouteManifest()));
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [imInfoOpen, setImInfoOpen] = useState(false);
  const mayChat = useMayChat();
  const permissions = usePermissions();
  const displayName = user?.nickname || user?.storeName || '';

  const signOut = async () => {
    setAnchor(null);
    await dispatch(logOut());
    void navigate(LOGIN_PATH, { replace: true });
  };

  return (
    <>
      <Button
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        // Starts with the visible name (WCAG 2.5.3 label in name), then says what it opens.
        aria-label={displayName ? `${displayName}, ${t('layout.userMenu')}` : t('layout.userMenu')}
        data-testid="user-menu"
        startIcon={<Avatar src={user?.avatarUrl || undefined} alt="" sx={{ width: 32, height: 32 }} />}
        sx={{ textTransform: 'none', minWidth: 0, flexShrink: 1 }}
      >
        <Box
          component="span"
          title={displayName}
          data-testid="user-menu-name"
          data-full-name={displayName}
          sx={{ display: 'block', maxWidth: mobile ? NAME_MAX_WIDTH.mobile : NAME_MAX_WIDTH.desktop, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {displayName}
        </Box>
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {displayName && (
          <ListSubheader data-testid="user-menu-full-name" sx={{ lineHeight: 1.5, py: 1, maxWidth: 280, whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
            {displayName}
          </ListSubheader>
        )}
        {USER_MENU_LINKS.map((link) => {
          if ('permission' in link && !permissions.includes(link.permission)) return null;
          const available = knownPaths.has(link.path);
          return (
            <MenuItem
              key={link.path}
              disabled={!available}
              onClick={() => {
                setAnchor(null);
                void navigate(link.path);
              }}
            >
              <ListItemText primary={t(link.labelKey)} secondary={available ? undefined : t('layout.notAvailable')} />
            </MenuItem>
          );
        })}
        {mayChat && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              setImInfoOpen(true);
            }}
            data-testid="user-menu-im-info"
          >
            <ListItemText primary={t('layout.imInfo')} />
          </MenuItem>
        )}
        <Divider />
        <MenuItem onClick={() => void signOut()} data-testid="user-menu-logout">
          {t('layout.logOut')}
        </MenuItem>
      </Menu>
      {mayChat && imInfoOpen && (
        <Suspense fallback={null}>
          <ImInfoDialog onClose={() => setImInfoOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
