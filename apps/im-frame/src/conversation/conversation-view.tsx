// The open session: header, history status, message log and composer.
import { useState, type DragEvent } from 'react';
import Alert from '@mui/material/Alert';
import ButtonBase from '@mui/material/ButtonBase';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ResponseCode } from '@merchant/im-core';
import type { ChatMessage } from '../chat/chat-client';
import { useChatController, useChatState } from '../chat/chat-context';
import { sessionDisplayName } from '../sessions/session-list';
import { accountOfSessionId, isTeamSessionId, sendTargetOf } from '../chat/chat-client';
import { TeamPanel } from '../teams/team-panel';
import { useTeamNotificationNames } from '../teams/team-notification-names';
import { Composer, type ComposerRefusal, type ReplyingTo } from './composer';
import { quotedSenderName } from './reply-quote';
import { messageSnippet } from '../i18n/message-text';
import type { SendResult } from '../chat/chat-controller';
import { MessageList } from './message-list';
import { ProfileCard } from './profile-card';
import { ForwardDialog } from './forward-dialog';
import { RecallDialog } from './recall-dialog';
import { UploadList } from './upload-list';
import { UnreadJump } from './unread-jump';
import { useConversationActions } from './message-actions/use-conversation-actions';
import { ConversationSearchButton } from '../search/search-dialog';
import { CustomerOrdersButton } from '../support-desk/customer-orders';
import { CallButton } from '../calls/call-button';

/** Whether a drag carries files (not text or a link from the page). */
const carriesFiles = (event: DragEvent): boolean => Array.from(event.dataTransfer?.types ?? []).includes('Files');

/** The composer handles 'empty' and 'tooLong'; with no open session there is no composer. */
function sendRefusal(result: SendResult): ComposerRefusal | null {
  if (result.ok) return null;
  return result.reason === 'tooLong' ? 'tooLong' : 'empty';
}

const NO_MESSAGES: readonly ChatMessage[] = [];

export interface ConversationViewProps {
  now?: number;
  /** A narrow frame shows one pane at a time: the conversation's header gets a button back to the list. */
  onBack?: () => void;
}

export function ConversationView({ now = Date.now(), onBack }: ConversationViewProps) {
  const { t } = useTranslation();
  const controller = useChatController();
  const state = useChatState();
  const sessionId = state.activeSessionId;
  const [showingProfile, setShowingProfile] = useState(false);
  const [forwarding, setForwarding] = useState<ChatMessage | undefined>();
  const [forwardedTo, setForwardedTo] = useState<string | undefined>();
  const [recalling, setRecalling] = useState<ChatMessage | undefined>();
  const [recallError, setRecallError] = useState<string | undefined>();
  const [dragging, setDragging] = useState(false);
  const openSession = sessionId ? state.sessions.find((candidate) => candidate.id === sessionId) : undefined;
  // Pins, quick comments, receipts and the message menus (issue 32 §4, §5); idle while no conversation is open.
  const actions = useConversationActions({
    controller,
    sessionId: sessionId ?? '',
    session: openSession,
    name: openSession ? sessionDisplayName(openSession) : accountOfSessionId(sessionId ?? ''),
    messages: (sessionId && state.messagesBySession[sessionId]) || NO_MESSAGES,
    now,
    onForward: (message) => {
      setForwardedTo(undefined);
      setForwarding(message);
    },
    onRecall: (message) => {
      setRecallError(undefined);
      setRecalling(message);
    },
  });

  // Team notifications name members by account: their nicks, looked up (a hook, so before the early return).
  const notificationNames = useTeamNotificationNames(
    controller.teams,
    sessionId && isTeamSessionId(sessionId) ? sendTargetOf(sessionId).to : undefined,
    (sessionId && state.messagesBySession[sessionId]) || NO_MESSAGES,
  );

  if (!sessionId) {
    return (
      <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
        <Typography color="text.secondary">{t('conversation.choose')}</Typography>
      </Box>
    );
  }

  const session = state.sessions.find((candidate) => candidate.id === sessionId);
  const name = session ? sessionDisplayName(session) : accountOfSessionId(sessionId);
  const messages = state.messagesBySession[sessionId] ?? NO_MESSAGES;
  // A team's header opens the team info panel instead of a customer's profile.
  const team = isTeamSessionId(sessionId) ? sendTargetOf(sessionId) : undefined;
  const history = state.historyBySession[sessionId];
  // Reply mode: the quote bar names the replied message's sender (a p2p customer by the session's name).
  const replied = state.replyingBySession[sessionId];
  const replyingTo: ReplyingTo | undefined = replied && {
    id: replied.idClient,
    name: replied.flow === 'in' && !team ? replied.fromNick || name : quotedSenderName(replied, t),
    snippet: messageSnippet(replied, t),
  };

  return (
    <Box
      component="section"
      aria-label={name}
      data-dropping={dragging || undefined}
      // Files dropped anywhere on the conversation are sent to it (issue 13).
      onDragOver={(event: DragEvent) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        if (!dragging) setDragging(true);
      }}
      onDragLeave={(event: DragEvent) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={(event: DragEvent) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        setDragging(false);
        const files = Array.from(event.dataTransfer.files);
        if (files.length > 0) void controller.sendFiles(files);
      }}
      sx={{
        flex: 1,
        display: 'flex',
        flexDirection: 'column',
        minWidth: 0,
        minHeight: 0,
        outline: dragging ? '2px dashed' : 'none',
        outlineColor: 'primary.main',
        outlineOffset: -4,
      }}
    >
      {dragging && (
        <Typography role="status" variant="body2" color="primary" sx={{ px: 2, pt: 1 }}>
          {t('upload.dropHere')}
        </Typography>
      )}
      <Box sx={{ px: 2, py: 1.5, display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        {onBack && (
          <IconButton size="small" onClick={onBack} aria-label={t('conversation.back')} data-testid="conversation-back" sx={{ ml: -1 }}>
            <ArrowBackIcon fontSize="small" />
          </IconButton>
        )}
        <Box sx={{ minWidth: 0 }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          <ButtonBase
            onClick={() => setShowingProfile(true)}
            aria-haspopup="dialog"
            aria-label={t(team ? 'teamPanel.open' : 'profile.open', { name })}
            data-testid={team ? 'open-team-panel' : 'open-profile'}
            sx={{ font: 'inherit', borderRadius: 1, px: 0.5, mx: -0.5, '&:hover, &.Mui-focusVisible': { bgcolor: 'action.hover' } }}
          >
            {name}
          </ButtonBase>
        </Typography>
        {history === 'loading' && (
          <Typography variant="caption" color="text.secondary" role="status">
            {t('conversation.loadingHistory')}
          </Typography>
        )}
        {history === 'failed' && (
          <Typography variant="caption" color="warning.main" role="status">
            {t('conversation.historyFailed')}
          </Typography>
        )}
        </Box>
        {/* Voice or video call to a p2p customer (issue 32 §3; the button hides itself in teams). */}
        <CallButton sessionId={sessionId} name={name} />
        <ConversationSearchButton sessionId={sessionId} name={name} now={now} />
        <CustomerOrdersButton
          sessionId={sessionId}
          name={name}
          onSendCard={controller.canSendCards ? (card, shown) => controller.sendCard(sessionId, card, shown).then((sent) => sent !== undefined && sent.status !== 'fail') : undefined}
        />
        {actions.conversationMenu}
      </Box>
      <Divider />
      {actions.pinnedBar}
      <UnreadJump key={`unread-jump-${sessionId}`} messages={messages} count={state.unreadOnOpen?.sessionId === sessionId ? state.unreadOnOpen.count : 0} />
      <MessageList
        label={t('conversation.listLabel', { name })}
        messages={messages}
        emptyText={t('conversation.empty')}
        now={now}
        onRetry={(message) => void controller.resend(message)}
        menuFor={actions.menuFor}
        belowFor={actions.belowFor}
        isPinned={actions.isPinned}
        pinnedLabel={actions.pinnedLabel}
        showRequest={actions.showRequest}
        jumpRequest={state.jumpRequest?.sessionId === sessionId ? state.jumpRequest : undefined}
        findMessage={(ref) => controller.findMessage(sessionId, ref)}
        names={notificationNames}
        earlier={{
          available: state.hasMoreBySession[sessionId] === true,
          loading: state.earlierBySession[sessionId] === 'loading',
          failed: state.earlierBySession[sessionId] === 'failed',
          label: t('conversation.loadEarlier'),
          loadingLabel: t('conversation.loadingEarlier'),
          failedLabel: t('conversation.earlierFailed'),
          onLoad: () => void controller.loadEarlier(),
        }}
      />
      <Divider />
      {state.sendError && (
        <Alert severity="error" role="alert" sx={{ mx: 1.5, mt: 1 }}>
          {t('composer.refused', { reason: state.sendError })}
        </Alert>
      )}
      {actions.feedback}
      {actions.dialogs}
      {recallError && (
        <Alert severity="error" role="alert" onClose={() => setRecallError(undefined)} sx={{ mx: 1.5, mt: 1 }} data-testid="recall-error">
          {recallError}
        </Alert>
      )}
      <RecallDialog
        message={recalling}
        onCancel={() => setRecalling(undefined)}
        onConfirm={(message) => {
          setRecalling(undefined);
          void controller.recall(message).then((result) => {
            // 508: past the server's recall window (im-client-spec §8 "deletion period expired").
            if ('refusedCode' in result) setRecallError(result.refusedCode === ResponseCode.DELETION_PERIOD_EXPIRED ? t('recall.expired') : t('recall.failed', { reason: result.reason }));
          });
        }}
      />
      {forwardedTo && (
        <Alert severity="success" role="status" onClose={() => setForwardedTo(undefined)} sx={{ mx: 1.5, mt: 1 }} data-testid="forwarded">
          {t('forward.done', { name: forwardedTo })}
        </Alert>
      )}
      <ForwardDialog
        open={forwarding !== undefined}
        sessions={state.sessions.filter((candidate) => candidate.id !== sessionId)}
        onClose={() => setForwarding(undefined)}
        onChoose={(target) => {
          const message = forwarding;
          setForwarding(undefined);
          if (!message) return;
          void controller.forward(message, target.id).then((copy) => {
            if (copy) setForwardedTo(sessionDisplayName(target));
          });
        }}
      />
      <UploadList
        uploads={state.uploads.filter((upload) => upload.sessionId === sessionId)}
        onCancel={(id) => controller.cancelUpload(id)}
        onDismiss={(id) => controller.dismissUpload(id)}
        onFiles={(files) => void controller.sendFiles(files)}
      />
      <Composer
        key={`composer-${sessionId}`}
        onSend={(text) => sendRefusal(controller.sendText(text))}
        onFiles={(files) => void controller.sendFiles(files)}
        replyingTo={replyingTo}
        onCancelReply={() => controller.cancelReply(sessionId)}
        initialText={controller.drafts.get(sessionId)}
        onTextChange={(text) => controller.drafts.set(sessionId, text)}
      />
      {team ? (
        controller.teams && <TeamPanel teams={controller.teams} teamId={team.to} name={name} open={showingProfile} onClose={() => setShowingProfile(false)} />
      ) : (
        <ProfileCard account={accountOfSessionId(sessionId)} open={showingProfile} onClose={() => setShowingProfile(false)} />
      )}
    </Box>
  );
}
