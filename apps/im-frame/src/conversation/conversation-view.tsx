// The open session: header, history status, message log and composer.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import ButtonBase from '@mui/material/ButtonBase';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '../chat/chat-client';
import { useChatController, useChatState } from '../chat/chat-context';
import { sessionDisplayName } from '../sessions/session-list';
import { accountOfSessionId } from '../chat/chat-client';
import { Composer, type ComposerRefusal } from './composer';
import type { SendResult } from '../chat/chat-controller';
import { MessageList } from './message-list';
import { ProfileCard } from './profile-card';
import { ForwardDialog } from './forward-dialog';

/** The composer handles 'empty' and 'tooLong'; with no open session there is no composer. */
function sendRefusal(result: SendResult): ComposerRefusal | null {
  if (result.ok) return null;
  return result.reason === 'tooLong' ? 'tooLong' : 'empty';
}

const NO_MESSAGES: readonly ChatMessage[] = [];

export function ConversationView({ now = Date.now() }: { now?: number }) {
  const { t } = useTranslation();
  const controller = useChatController();
  const state = useChatState();
  const sessionId = state.activeSessionId;
  const [showingProfile, setShowingProfile] = useState(false);
  const [forwarding, setForwarding] = useState<ChatMessage | undefined>();
  const [forwardedTo, setForwardedTo] = useState<string | undefined>();

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
  const history = state.historyBySession[sessionId];

  return (
    <Box component="section" aria-label={name} sx={{ flex: 1, display: 'flex', flexDirection: 'column', minWidth: 0, minHeight: 0 }}>
      <Box sx={{ px: 2, py: 1.5 }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          <ButtonBase
            onClick={() => setShowingProfile(true)}
            aria-haspopup="dialog"
            aria-label={t('profile.open', { name })}
            data-testid="open-profile"
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
      <Divider />
      <MessageList
        label={t('conversation.listLabel', { name })}
        messages={messages}
        emptyText={t('conversation.empty')}
        now={now}
        onRetry={(message) => void controller.resend(message)}
        onForward={(message) => {
          setForwardedTo(undefined);
          setForwarding(message);
        }}
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
      <Composer key={sessionId} onSend={(text) => sendRefusal(controller.sendText(text))} />
      <ProfileCard account={accountOfSessionId(sessionId)} open={showingProfile} onClose={() => setShowingProfile(false)} />
    </Box>
  );
}
