// The frame's screen: connection line, session list on the left, open conversation on the right. A narrow
// frame (a phone: the console below its 992 px breakpoint) shows one of the two at a time, list first; opening
// a conversation shows it across the frame, and its back button returns to the list (issue 35 §10).
import { useCallback, useEffect, useState } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import AddCommentOutlined from '@mui/icons-material/AddCommentOutlined';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useChatController, useChatState } from '../chat/chat-context';
import { ConversationView } from '../conversation/conversation-view';
import { SessionsPane } from '../sessions/sessions-pane';
import { DevicesButton } from '../devices/devices-dialog';
import { BroadcastBanner } from '../presence/broadcast-banner';
import { StartChatDialog } from '../sessions/start-chat-dialog';
import { FriendList } from '../friends/friend-list';
import { SystemMessagesButton } from '../system-messages/system-messages-button';
import { CreateTeamButton, teamSessionId } from '../teams/create-team-dialog';
import { JoinTeamButton } from '../teams/join-team-dialog';
import { TeamApplicationNotices } from '../teams/team-application-notices';
import { useTeamApplications } from '../teams/team-applications';
import { DiagnosticLogButton } from '../diagnostics/diagnostic-log-button';
import { FavouritesButton } from '../conversation/favourites/favourites';
import { SearchButton } from '../search/search-dialog';
import { ConnectionStatus } from './connection-status';
import { CallDialog } from '../calls/call-dialog';
import { StorageNotice } from './storage-notice';
import type { StorageOutcome } from '../chat/open-chat-store';

export interface ChatAppProps {
  storeName?: string;
  /** Fixed clock for tests; live time otherwise. */
  now?: number;
  /** Where the chat cache lives (IndexedDB or the memory fallback). */
  storage?: StorageOutcome;
  onRequestStorageAccess?: () => Promise<boolean>;
  /** The merchant's IM account (not offered as a customer). */
  ownAccount?: string;
}

/** Below this frame width the list and the conversation take turns: side by side they would be unreadable. */
export const NARROW_FRAME_WIDTH = 720;
const NARROW_FRAME_QUERY = `(max-width:${NARROW_FRAME_WIDTH - 0.02}px)`;

export function ChatApp({ storeName, now, storage, onRequestStorageAccess, ownAccount }: ChatAppProps) {
  const [startingChat, setStartingChat] = useState(false);
  const [pane, setPane] = useState<'sessions' | 'friends'>('sessions');
  const { t } = useTranslation();
  const controller = useChatController();
  const state = useChatState();

  useEffect(() => {
    void controller.start();
  }, [controller]);
  const callerName = useCallback((account: string) => controller.findCustomer(account).then((found) => found?.nick), [controller]);
  // Between sign-in and the first sync's end the list is the cache's and about to change.
  const syncing = !state.synced && (state.connection.phase === 'connecting' || state.connection.phase === 'connected');
  const narrow = useMediaQuery(NARROW_FRAME_QUERY, { noSsr: true });
  const conversationPane = useConversationPane(state.activeSessionId);
  const showList = !narrow || !conversationPane.shown;
  const showConversation = !narrow || conversationPane.shown;
  // Applications to join teams wait for an answer: a change of the sessions may be it (the team's notification).
  const teamApplications = useTeamApplications(controller.teams, controller.contacts, state.sessions);
  const openTeam = (teamId: string) => {
    conversationPane.show();
    void controller.openSession(teamSessionId(teamId));
  };

  return (
    <Box component="main" data-storage={storage?.kind} data-synced={state.synced} sx={{ height: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.paper' }}>
      <ConnectionStatus state={state.connection} onRetry={() => void controller.retryConnect()} />
      {storage && <StorageNotice storage={storage} onRequestAccess={onRequestStorageAccess} />}
      {controller.broadcasts && <BroadcastBanner broadcasts={controller.broadcasts} now={now} />}
      <Box sx={{ flex: 1, display: 'flex', minHeight: 0 }} data-panes={narrow ? 'one' : 'two'}>
        <Box
          component="nav"
          aria-label={t('sessions.title')}
          aria-busy={syncing}
          hidden={!showList}
          sx={{ width: narrow ? '100%' : 300, flexShrink: 0, overflowY: 'auto', display: showList ? undefined : 'none' }}
        >
          {/* The store's name on its own line, the header's actions below it: in 300 px they no longer fit beside it. */}
          <Box sx={{ px: 2, pt: 1.5, pb: 0.5, display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', columnGap: 0.5 }}>
            <Typography component="h1" variant="h6" noWrap sx={{ flexBasis: '100%' }}>
              {storeName || t('app.title')}
            </Typography>
            <SystemMessagesButton now={now} />
            <DiagnosticLogButton diagnostics={controller.diagnostics} />
            <DevicesButton devices={controller.devices} connected={state.connection.phase === 'connected'} />
            <SearchButton now={now} onOpened={conversationPane.show} />
            <FavouritesButton extras={controller.extras} now={now} />
            <CreateTeamButton teams={controller.teams} ownAccount={ownAccount} onCreated={openTeam} />
            <JoinTeamButton
              teams={controller.teams}
              onApplied={(application) => {
                void teamApplications.add(application);
                // A team that takes everyone opens at once, like a team just created.
                if (application.joined) openTeam(application.teamId);
              }}
            />
            <Tooltip title={t('startChat.open')}>
              <IconButton color="primary" aria-label={t('startChat.open')} onClick={() => setStartingChat(true)} data-testid="start-chat">
                <AddCommentOutlined />
              </IconButton>
            </Tooltip>
          </Box>
          <TeamApplicationNotices entries={teamApplications.entries} onOpenTeam={openTeam} onDismiss={teamApplications.dismiss} />
          {controller.contacts && (
            // Conversations and the friends list (contacts/ of the chat client) share the left column.
            <Tabs value={pane} onChange={(_event, next: 'sessions' | 'friends') => setPane(next)} aria-label={t('friends.tabs')} variant="fullWidth">
              <Tab value="sessions" label={t('sessions.title')} id="pane-tab-sessions" aria-controls="pane-sessions" data-testid="pane-tab-sessions" />
              <Tab value="friends" label={t('friends.title')} id="pane-tab-friends" aria-controls="pane-friends" data-testid="pane-tab-friends" />
            </Tabs>
          )}
          <Divider />
          {pane === 'friends' && controller.contacts ? (
            <Box role="tabpanel" id="pane-friends" aria-labelledby="pane-tab-friends">
              <FriendList onChatOpened={() => setPane('sessions')} />
            </Box>
          ) : (
            <Box role={controller.contacts ? 'tabpanel' : undefined} id="pane-sessions" aria-labelledby={controller.contacts ? 'pane-tab-sessions' : undefined}>
              <SessionsPane
                onOpen={(sessionId) => {
                  conversationPane.show();
                  void controller.openSession(sessionId);
                }}
                now={now}
              />
            </Box>
          )}
        </Box>
        {!narrow && <Divider orientation="vertical" flexItem />}
        {showConversation && <ConversationView now={now} onBack={narrow ? conversationPane.hide : undefined} />}
      </Box>
      <StartChatDialog open={startingChat} onClose={() => setStartingChat(false)} ownAccount={ownAccount} />
      {controller.calls && <CallDialog calls={controller.calls} nameOf={callerName} />}
    </Box>
  );
}

/**
 * Whether a narrow frame shows the open conversation instead of the list: yes once one opens (a tap on the
 * list, or the console's "contact buyer"), no after its back button, until the next one opens.
 */
function useConversationPane(activeSessionId: string | undefined) {
  const [shown, setShown] = useState(Boolean(activeSessionId));
  const [seen, setSeen] = useState(activeSessionId);
  // A conversation opened from outside the list (the console's "contact buyer") comes to the front too.
  if (seen !== activeSessionId) {
    setSeen(activeSessionId);
    setShown(Boolean(activeSessionId));
  }
  const show = useCallback(() => setShown(true), []);
  const hide = useCallback(() => setShown(false), []);
  return { shown: shown && Boolean(activeSessionId), show, hide };
}
