// Sidebar menu built from the route manifest (§2: first-level items as top groups; §6: storeType
// include/exclude). Desktop: 240px or an icon rail; mobile: a temporary drawer.
import { startTransition, useEffect, useId, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { useRouteManifest } from '../routes/manifestContext';
import { buildMenu, type MenuItem } from '../routes/routeHandle';
import { OrdersMenuBadge } from '../features/notifications/NewOrderNotifications';
import { mobileSidebarClosed } from './layoutSlice';
import { NAVBAR_HEIGHT, SIDEBAR_BACKGROUND, SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from './layoutConstants';

function MenuLink({ item, compact, nested }: { item: MenuItem; compact: boolean; nested: boolean }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const Icon = item.icon;
  const selected = pathname === item.path || pathname.startsWith(`${item.path}/`);
  const title = t(item.titleKey);
  const button = (
    <ListItemButton
      component={NavLink}
      to={item.path}
      selected={selected}
      aria-current={selected ? 'page' : undefined}
      aria-label={compact ? title : undefined}
      // Tapping the page already shown changes no route, so the mobile drawer is closed here too.
      onClick={() => dispatch(mobileSidebarClosed())}
      sx={{ pl: nested && !compact ? 4 : 2, minHeight: 48 }}
    >
      {Icon && (
        <ListItemIcon sx={{ minWidth: compact ? 0 : 40, color: 'inherit' }}>
          <Icon fontSize="small" />
        </ListItemIcon>
      )}
      {!compact && <ListItemText primary={title} />}
      {!compact && <OrdersMenuBadge path={item.path} />}
    </ListItemButton>
  );
  return (
    // Each entry is a list item (a link straight inside <ul> breaks the list for screen readers).
    // The title shows as a tooltip only on the collapsed rail, where it is not written out: a
    // tooltip per entry costs the first render of every page otherwise.
    <ListItem disablePadding>
      {compact ? (
        <Tooltip title={title} placement="right">
          {button}
        </Tooltip>
      ) : (
        button
      )}
    </ListItem>
  );
}

/**
 * True from the render after the layout's first commit, reached through a transition: React renders it
 * in slices that give way to input. The menu's entries are the largest part of the signed-in layout's
 * first render (a styled button, icon and text per page), and the first page's rows need none of them
 * (CPU profile of /goods, docs/performance.md). Only the page's first layout waits: a menu mounted
 * again later (the mobile drawer, the rail toggled) draws at once, and so do tests (act flushes it).
 */
let menuDrawnOnce = false;
function useAfterFirstCommit(): boolean {
  const [ready, setReady] = useState(menuDrawnOnce);
  useEffect(() => {
    if (!ready) startTransition(() => setReady(true));
    else menuDrawnOnce = true;
  }, [ready]);
  return ready;
}

function SidebarMenu({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const ready = useAfterFirstCommit();
  if (!ready) return <Box component="nav" aria-label={t('layout.mainMenu')} aria-busy="true" sx={{ overflowY: 'auto', flex: 1 }} />;
  return <SidebarEntries compact={compact} />;
}

/**
 * A top group: its own list inside an entry of the menu, headed by its title. The heading stays at the
 * top while its group scrolls by, but only within its own list, so the next group's heading pushes it
 * away instead of piling on it; it is painted with the sidebar's background so entries pass under it.
 */
function SidebarGroup({ title, items, compact }: { title: string; items: MenuItem[]; compact: boolean }) {
  const headingId = useId();
  return (
    <li>
      <List
        disablePadding
        aria-labelledby={compact ? undefined : headingId}
        aria-label={compact ? title : undefined}
        subheader={
          compact ? undefined : (
            <ListSubheader id={headingId} sx={{ bgcolor: SIDEBAR_BACKGROUND, color: 'grey.400' }}>
              {title}
            </ListSubheader>
          )
        }
      >
        {items.map((item) => (
          <MenuLink key={item.path} item={item} compact={compact} nested />
        ))}
      </List>
    </li>
  );
}

function SidebarEntries({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const manifest = useRouteManifest();
  const user = useAppSelector((state) => state.auth.user);
  const entries = buildMenu(manifest, { storeType: user?.storeType, permissions: user?.permissions ?? [] });
  return (
    <Box component="nav" aria-label={t('layout.mainMenu')} sx={{ overflowY: 'auto', flex: 1 }}>
      <List disablePadding>
        {entries.map((entry) =>
          entry.kind === 'item' ? (
            <MenuLink key={entry.path} item={entry} compact={compact} nested={false} />
          ) : (
            <SidebarGroup key={entry.path} title={t(entry.titleKey)} items={entry.items} compact={compact} />
          ),
        )}
      </List>
    </Box>
  );
}

function SidebarContent({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', bgcolor: SIDEBAR_BACKGROUND, color: 'grey.100' }}>
      <Box sx={{ height: NAVBAR_HEIGHT, display: 'flex', alignItems: 'center', gap: 1, px: 2, flexShrink: 0 }}>
        <StorefrontIcon aria-hidden />
        {!compact && (
          // Wraps rather than cuts: the English title is longer than the 240px rail (issue 7).
          <Typography variant="subtitle1" component="span" data-testid="sidebar-title" sx={{ fontWeight: 600, lineHeight: 1.2, overflowWrap: 'anywhere' }}>
            {t('app.siteTitle')}
          </Typography>
        )}
      </Box>
      <SidebarMenu compact={compact} />
    </Box>
  );
}

export function Sidebar({ mobile }: { mobile: boolean }) {
  const dispatch = useAppDispatch();
  const { sidebarOpened, mobileSidebarOpen } = useAppSelector((state) => state.layout);
  if (mobile) {
    return (
      <Drawer
        variant="temporary"
        open={mobileSidebarOpen}
        onClose={() => dispatch(mobileSidebarClosed())}
        slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH } } }}
        data-testid="sidebar"
      >
        <SidebarContent compact={false} />
      </Drawer>
    );
  }
  const width = sidebarOpened ? SIDEBAR_WIDTH : SIDEBAR_COLLAPSED_WIDTH;
  return (
    <Box
      component="aside"
      data-testid="sidebar"
      data-state={sidebarOpened ? 'open' : 'collapsed'}
      sx={{ width, flexShrink: 0, position: 'fixed', top: 0, bottom: 0, left: 0, zIndex: 1001, transition: 'width 0.28s', overflow: 'hidden' }}
    >
      <SidebarContent compact={!sidebarOpened} />
    </Box>
  );
}
