// The signed-in layout: sidebar, navbar, tags bar, the page (recent views kept mounted), and the
// chat frame kept mounted (only for holders of im:chat: no frame, no IM token call otherwise).
import { useEffect, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { ImFrameHost } from '../features/message/ImFrameHost';
import { ImFrameEvents } from '../features/message/ImFrameEvents';
import { useMayChat } from '../features/message/imAccess';
import { MESSAGE_PATH } from '../features/message/messagePath';
import { SHORT_WINDOW_MEDIA } from '../features/message/messageLayout';
import { NewOrderNotifications } from '../features/notifications/NewOrderNotifications';
import { Navbar } from './Navbar';
import { Sidebar } from './Sidebar';
import { StoreDisabledWarning } from './StoreDisabledWarning';
import { TagsBar } from './TagsBar';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { mobileSidebarClosed } from './layoutSlice';
import { initStore } from '../app/storeInit';
import { ShellProviders } from '../app/ShellProviders';
import { addFeatureMessages, announceFeatureMessages } from '../app/i18n';
import { shellMessages } from '../app/shellMessages';
import { useFirstPageSettled } from './useFirstPageSettled';
import { MOBILE_MEDIA_QUERY, SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from './layoutConstants';

export function AppShell() {
  const { i18n } = useTranslation();
  // Before anything inside renders: the areas' texts come with this chunk (app/shellMessages.ts).
  // Silently, since this runs while rendering; the screens outside (the document title) hear after commit.
  useState(() => addFeatureMessages(i18n, shellMessages, { silent: true }));
  // In a layout effect, before the screens inside subscribe (react-i18next listens from a passive effect):
  // only the screens rendered before the layout re-render. Announced from a passive effect, the whole
  // layout and page re-rendered with a new `t`, new table columns and the grid's rows a second time, in
  // the synchronous re-render that follows the grid's first measurement (docs/performance.md, goods list).
  useLayoutEffect(() => announceFeatureMessages(i18n), [i18n]);
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const mobile = useMediaQuery(MOBILE_MEDIA_QUERY);
  const sidebarOpened = useAppSelector((state) => state.layout.sidebarOpened);
  const storeUid = useAppSelector((state) => state.auth.user?.uid);
  const mayChat = useMayChat();
  // The chat frame and the shared lists wait for the first page (useFirstPageSettled), unless it is the chat.
  const settled = useFirstPageSettled(pathname.startsWith('/message'));

  // §7: the shared lists load once per signed-in store.
  useEffect(() => {
    if (storeUid && settled) void dispatch(initStore());
  }, [dispatch, storeUid, settled]);

  // §2: on mobile the sidebar closes on route change.
  useEffect(() => {
    dispatch(mobileSidebarClosed());
  }, [dispatch, pathname]);

  const offset = mobile ? 0 : sidebarOpened ? SIDEBAR_WIDTH : SIDEBAR_COLLAPSED_WIDTH;
  return (
    <ShellProviders>
      <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }} data-layout={mobile ? 'mobile' : 'desktop'}>
        <Sidebar mobile={mobile} />
        <Box sx={{ ml: `${offset}px`, transition: 'margin-left 0.28s', display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
          {/* On the message page of a window too short for the bars and the 750 px frame, the bars scroll away (issue 35 §2). */}
          <Box sx={{ position: 'sticky', top: 0, zIndex: 1000, ...(pathname === MESSAGE_PATH && { [SHORT_WINDOW_MEDIA]: { position: 'relative' } }) }}>
            <Navbar mobile={mobile} />
            <TagsBar />
          </Box>
          <StoreDisabledWarning />
          <Box component="main" sx={{ p: 2, flex: 1 }}>
            <KeepAliveOutlet />
            {settled && mayChat && <ImFrameHost />}
          </Box>
        </Box>
        {mayChat && <ImFrameEvents />}
        <NewOrderNotifications />
      </Box>
    </ShellProviders>
  );
}
