// Tags bar, 46px (§2, §9): visited views, keyed by full path (path + query), with the affixed
// dashboard first. Right-click (or the context-menu key) opens refresh / close / close others /
// close all; affixed tags never close. The list survives a reload (tagsStorage.ts).
import { useEffect, useState, type MouseEvent } from 'react';
import { useLocation, useMatches, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import CancelIcon from '@mui/icons-material/Cancel';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { useRouteManifest } from '../routes/manifestContext';
import { collectAffixRoutes, handleOf, pageMatch } from '../routes/routeHandle';
import { DASHBOARD_PATH } from '../routes/routeDecision';
import { REDIRECT_PREFIX } from '../features/system/RedirectBack';
import { refreshView } from './viewRefresh';
import { affixTagsRegistered, allTagsClosed, otherTagsClosed, tagClosed, tagVisited } from './layoutSlice';
import { closeAllTags, closeOtherTags, closeTag, pathAfterClosing, tagTarget, type VisitedTag } from './tags';
import { TAGS_BAR_HEIGHT } from './layoutConstants';

interface ContextMenuState {
  tag: VisitedTag;
  position: { top: number; left: number };
}

function useTrackVisitedViews(): void {
  const dispatch = useAppDispatch();
  const manifest = useRouteManifest();
  const matches = useMatches();
  const { pathname, search } = useLocation();
  useEffect(() => {
    dispatch(affixTagsRegistered(collectAffixRoutes(manifest).map((route) => ({ ...route, affix: true }))));
  }, [dispatch, manifest]);
  const page = pageMatch(matches);
  const titleKey = page ? handleOf(page)?.title : undefined;
  useEffect(() => {
    if (titleKey && !pathname.startsWith(REDIRECT_PREFIX)) {
      dispatch(tagVisited({ path: pathname, fullPath: `${pathname}${search}`, titleKey, affix: Boolean(page && handleOf(page)?.affix) }));
    }
  }, [dispatch, pathname, search, titleKey, page]);
}

export function TagsBar() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const currentPath = location.pathname;
  const tags = useAppSelector((state) => state.layout.visitedTags);
  const [menu, setMenu] = useState<ContextMenuState | null>(null);
  useTrackVisitedViews();

  const goAfter = (remaining: VisitedTag[]) => {
    const next = pathAfterClosing(remaining, currentPath, DASHBOARD_PATH);
    if (next) void navigate(next);
  };
  const close = (tag: VisitedTag) => {
    if (tag.affix) return;
    dispatch(tagClosed(tag.path));
    goAfter(closeTag(tags, tag.path));
  };
  const closeOthers = (tag: VisitedTag) => {
    dispatch(otherTagsClosed(tag.path));
    if (tag.path !== currentPath) void navigate(tagTarget(tag));
    else goAfter(closeOtherTags(tags, tag.path));
  };
  const closeAll = () => {
    dispatch(allTagsClosed());
    goAfter(closeAllTags(tags));
  };
  const refresh = (tag: VisitedTag) => {
    dispatch(refreshView(tag.path));
    if (tag.path !== currentPath) void navigate(tagTarget(tag));
  };

  const openMenu = (event: MouseEvent<HTMLElement>, tag: VisitedTag) => {
    event.preventDefault();
    const rect = event.currentTarget.getBoundingClientRect();
    // Keyboard-opened context menus report 0,0; anchor those under the tag instead.
    const fromPointer = event.clientX !== 0 || event.clientY !== 0;
    setMenu({ tag, position: fromPointer ? { top: event.clientY, left: event.clientX } : { top: rect.bottom, left: rect.left } });
  };
  const runAndClose = (action: (tag: VisitedTag) => void) => () => {
    if (menu) action(menu.tag);
    setMenu(null);
  };

  return (
    <Box
      component="nav"
      aria-label={t('layout.tags.label')}
      data-testid="tags-bar"
      sx={{ height: TAGS_BAR_HEIGHT, display: 'flex', alignItems: 'center', gap: 0.5, px: 1, borderBottom: 1, borderColor: 'divider', overflowX: 'auto', bgcolor: 'background.paper' }}
    >
      {tags.map((tag) => {
        const active = tag.path === currentPath;
        const title = t(tag.titleKey);
        return (
          <Chip
            key={tag.path}
            label={title}
            size="small"
            onClick={() => void navigate(tagTarget(tag))}
            color={active ? 'primary' : 'default'}
            variant={active ? 'filled' : 'outlined'}
            aria-current={active ? 'page' : undefined}
            data-testid={`tag-${tag.path}`}
            data-affix={tag.affix ? 'true' : undefined}
            onContextMenu={(event: MouseEvent<HTMLElement>) => openMenu(event, tag)}
            onDelete={tag.affix ? undefined : () => close(tag)}
            deleteIcon={<CancelIcon aria-label={t('layout.tags.closeTag', { title })} aria-hidden={false} data-testid={`tag-close-${tag.path}`} />}
          />
        );
      })}
      <Menu
        open={menu !== null}
        onClose={() => setMenu(null)}
        anchorReference="anchorPosition"
        anchorPosition={menu?.position}
        data-testid="tag-context-menu"
      >
        <MenuItem onClick={runAndClose(refresh)}>{t('layout.tags.refresh')}</MenuItem>
        <MenuItem onClick={runAndClose(close)} disabled={menu?.tag.affix ?? false}>
          {t('layout.tags.close')}
        </MenuItem>
        <MenuItem onClick={runAndClose(closeOthers)}>{t('layout.tags.closeOthers')}</MenuItem>
        <MenuItem onClick={runAndClose(() => closeAll())}>{t('layout.tags.closeAll')}</MenuItem>
      </Menu>
    </Box>
  );
}
