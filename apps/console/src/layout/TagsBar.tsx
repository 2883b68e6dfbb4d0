// Tags bar, 46px (§2, §9): visited views, keyed by full path (path + query), with the affixed
// dashboard first. Right-click (or the context-menu key) opens refresh / close / close others /
// close all; affixed tags never close. The list survives a reload (tagsStorage.ts). The current tag is
// scrolled into view whenever it changes or a tag is added; when the tags overflow the bar, arrows at
// either end scroll them (pointer only, as MUI Tabs' scroll buttons: the keyboard reaches every tag with
// Tab, and the browser scrolls a focused tag into view).
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import { useLocation, useMatches, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import CancelIcon from '@mui/icons-material/Cancel';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
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

/** Room left beside a tag scrolled into view, so the one next to it shows it can be scrolled to. */
const REVEAL_MARGIN = 24;

/** Scrolls `container` sideways just enough to show all of `item` (its start when it is wider). */
function revealInScroller(container: HTMLElement, item: HTMLElement): void {
  const box = container.getBoundingClientRect();
  const rect = item.getBoundingClientRect();
  if (rect.left < box.left || rect.width > box.width) container.scrollLeft = Math.max(0, container.scrollLeft - (box.left - rect.left + REVEAL_MARGIN));
  else if (rect.right > box.right) container.scrollLeft += rect.right - box.right + REVEAL_MARGIN;
}

interface Overflow {
  start: boolean;
  end: boolean;
}

/**
 * The tags' scroller: reveals the current tag when it changes or the list grows, and tells whether
 * there is more to either side (re-measured on scroll and when the bar or the window is resized).
 */
function useTagsScroller(currentPath: string, tagCount: number, language: string) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState<Overflow>({ start: false, end: false });
  const scrollable = overflow.start || overflow.end;
  const measure = useCallback(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const start = scroller.scrollLeft > 1;
    const end = scroller.scrollLeft + scroller.clientWidth < scroller.scrollWidth - 1;
    setOverflow((previous) => (previous.start === start && previous.end === end ? previous : { start, end }));
  }, []);

  // Also when the tags' widths change (another language) and when the arrows appear or go, which
  // narrows or widens the scroller.
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    const current = scroller?.querySelector<HTMLElement>('[aria-current="page"]');
    if (scroller && current) revealInScroller(scroller, current);
    measure();
  }, [currentPath, tagCount, language, scrollable, measure]);

  useEffect(() => {
    const scroller = scrollerRef.current;
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' || !scroller ? undefined : new ResizeObserver(measure);
    if (scroller) observer?.observe(scroller);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [measure]);

  const scrollBy = (direction: -1 | 1) => {
    const scroller = scrollerRef.current;
    if (scroller) scroller.scrollLeft = Math.max(0, scroller.scrollLeft + direction * Math.max(scroller.clientWidth * 0.8, 1));
  };
  return { scrollerRef, overflow, scrollable, measure, scrollBy };
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
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const currentPath = location.pathname;
  const tags = useAppSelector((state) => state.layout.visitedTags);
  const [menu, setMenu] = useState<ContextMenuState | null>(null);
  useTrackVisitedViews();
  const { scrollerRef, overflow, scrollable, measure, scrollBy } = useTagsScroller(currentPath, tags.length, i18n.language);

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
      sx={{ height: TAGS_BAR_HEIGHT, display: 'flex', alignItems: 'center', borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      {scrollable && <TagsScrollArrow side="start" title={t('layout.tags.scrollStart')} disabled={!overflow.start} onClick={() => scrollBy(-1)} />}
      <Box
        ref={scrollerRef}
        data-testid="tags-scroller"
        onScroll={measure}
        sx={{
          flex: 1,
          minWidth: 0,
          height: '100%',
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          overflowX: 'auto',
          overflowY: 'hidden',
          scrollBehavior: 'smooth',
          scrollbarWidth: 'thin',
          '@media (prefers-reduced-motion: reduce)': { scrollBehavior: 'auto' },
          // Focus rings are drawn outside a chip: keep room for them inside the scroller.
          px: 1,
        }}
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
              sx={{ flexShrink: 0 }}
            />
          );
        })}
      </Box>
      {scrollable && <TagsScrollArrow side="end" title={t('layout.tags.scrollEnd')} disabled={!overflow.end} onClick={() => scrollBy(1)} />}
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

/** A scroll arrow at one end of the tags bar: pointer only (keyboard users move from tab to tab), so a click leaves the focus where it was. */
function TagsScrollArrow({ side, title, disabled, onClick }: { side: 'start' | 'end'; title: string; disabled: boolean; onClick(): void }) {
  const Icon = side === 'start' ? ChevronLeftIcon : ChevronRightIcon;
  return (
    <IconButton
      size="small"
      tabIndex={-1}
      aria-hidden
      title={title}
      data-testid={`tags-scroll-${side}`}
      onMouseDown={(event) => event.preventDefault()}
      disabled={disabled}
      onClick={onClick}
      sx={{ flexShrink: 0, borderRadius: 0, height: '100%' }}
    >
      <Icon fontSize="small" />
    </IconButton>
  );
}
