// Wires the open conversation's message actions (issue 32 §4, §5) for ConversationView: each message's menu
// (reply, copy, forward, pin, quick comments, favourites, thread, recall, delete for me), what shows under a
// bubble (quick comments, read receipts), the pinned bar, the conversation's own menu (clear history), and
// the dialogs and the status line they need. Recall and forward keep their dialogs in ConversationView.
import { useCallback, useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { useTranslation } from 'react-i18next';
import { sendTargetOf, type ChatMessage, type ChatSession } from '../../chat/chat-client';
import type { ChatController } from '../../chat/chat-controller';
import { messageSnippet } from '../../i18n/message-text';
import type { MessageAction, MessageMenuModel } from './message-action-menu';
import { QUICK_COMMENT_EMOJI, canClearHistory, canCollect, canComment, canCopy, canDeleteForMe, canForward, canPin, canViewThread, extrasErrorText } from './message-action-rules';
import { useMessageExtras } from './use-message-extras';
import { QuickComments } from './quick-comments';
import { ConfirmDialog } from './confirm-dialog';
import { P2pReadState, TeamReadState } from '../receipts/read-receipts';
import { isCallRecord } from '../../calls/call-record-text';
import { PinnedBar } from '../pins/pinned-bar';
import { ThreadDialog } from '../thread/thread-dialog';

export interface ConversationActionsInput {
  controller: ChatController;
  sessionId: string;
  session: ChatSession | undefined;
  /** The conversation's name (the customer or the team). */
  name: string;
  messages: readonly ChatMessage[];
  now: number;
  onForward(message: ChatMessage): void;
  onRecall(message: ChatMessage): void;
}

/** Copies text to the clipboard; false when the browser refused (no permission, no clipboard). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function useConversationActions({ controller, sessionId, session, name, messages, now, onForward, onRecall }: ConversationActionsInput) {
  const { t } = useTranslation();
  const extras = controller.extras;
  const view = useMessageExtras(extras, sessionId, messages);
  const [status, setStatus] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [deleting, setDeleting] = useState<ChatMessage | undefined>();
  const [clearing, setClearing] = useState(false);
  const [threadOf, setThreadOf] = useState<ChatMessage | undefined>();
  const [showRequest, setShowRequest] = useState<{ idClient: string; seq: number } | undefined>();
  const [headerMenu, setHeaderMenu] = useState<HTMLElement | null>(null);
  const seq = useRef(0);
  const team = sendTargetOf(sessionId).scene === 'team';

  /** Runs an action; a refusal is explained in the merchant's language, a success announced. */
  const run = useCallback(
    (action: () => Promise<unknown>, done?: string) => {
      setError(undefined);
      setStatus(undefined);
      action().then(
        () => done && setStatus(done),
        (refusal: unknown) => setError(extrasErrorText(refusal, t)),
      );
    },
    [t],
  );

  const menuFor = (message: ChatMessage, nameOf: (account: string) => string): MessageMenuModel => {
    const snippet = messageSnippet(message, t, nameOf);
    const actions: MessageAction[] = [];
    const mine = (body: number) => view?.commentsOf(message).some((c) => c.from === extras?.account && c.body === body) ?? false;
    if (controller.canReplyTo(message)) actions.push({ key: 'reply', label: t('reply.action'), onSelect: () => controller.startReply(message) });
    if (canCopy(message))
      actions.push({
        key: 'copy',
        label: t('messageActions.copy'),
        onSelect: () => run(async () => {
          if (!(await copyText(message.text))) throw new Error(t('messageActions.copyFailed'));
        }, t('messageActions.copied')),
      });
    if (canForward(message)) actions.push({ key: 'forward', label: t('forward.action'), onSelect: () => onForward(message) });
    if (view && canPin(message)) {
      const pinned = view.isPinned(message);
      actions.push(
        pinned
          ? { key: 'unpin', label: t('messageActions.unpin'), onSelect: () => run(() => view.unpin(message), t('messageActions.unpinned')) }
          : { key: 'pin', label: t('messageActions.pin'), onSelect: () => run(() => view.pin(message), t('messageActions.pinned')) },
      );
    }
    if (extras && canCollect(message)) actions.push({ key: 'collect', label: t('messageActions.collect'), onSelect: () => run(() => extras.collect(message), t('messageActions.collected')) });
    if (extras && canViewThread(message)) actions.push({ key: 'thread', label: t('messageActions.viewThread'), onSelect: () => setThreadOf(message) });
    if (controller.canRecall(message, now)) actions.push({ key: 'recall', label: t('recall.action'), danger: true, onSelect: () => onRecall(message) });
    if (extras && canDeleteForMe(message)) actions.push({ key: 'delete', label: t('messageActions.delete'), danger: true, onSelect: () => setDeleting(message) });
    const reactions =
      view && canComment(message)
        ? QUICK_COMMENT_EMOJI.map(({ body, emoji }) => ({ body, emoji, label: t('messageActions.reactWith', { emoji }), mine: mine(body), onSelect: () => run(() => view.toggleComment(message, body)) }))
        : [];
    return { label: t('messageActions.moreLabel', { text: snippet }), reactions, actions };
  };

  const nameOfMember = useCallback((account: string) => controller.findCustomer(account).then((found) => found?.nick), [controller]);

  const belowFor = (message: ChatMessage, nameOf: (account: string) => string): ReactNode => {
    const comments = view?.commentsOf(message) ?? [];
    // A call record is the server's note of a call, not a message the customer reads: no read state under it.
    const receipt =
      message.flow === 'out' && message.status === 'success' && !message.recalled && !isCallRecord(message) ? (
        team ? (
          extras && message.needReceipt ? <TeamReadState message={message} counts={view?.teamReadsOf(message)} extras={extras} nameOf={nameOfMember} /> : null
        ) : (
          <P2pReadState message={message} receiptTime={session?.receiptTime} />
        )
      ) : null;
    if (comments.length === 0 && !receipt) return null;
    // One line under the bubble: the quick comments, then my message's read state.
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, justifyContent: message.flow === 'out' ? 'flex-end' : 'flex-start', maxWidth: '75%' }}>
        {extras && view && (
          <QuickComments comments={comments} myAccount={extras.account} nameOf={(account) => (account === sessionOwner(session) ? name : nameOf(account))} onToggle={(body) => run(() => view.toggleComment(message, body))} />
        )}
        {receipt}
      </Box>
    );
  };

  const pinnerName = (account: string) => (account === extras?.account ? t('conversation.you') : account === sessionOwner(session) ? name : account);

  const pinnedBar = view && (
    <PinnedBar
      key={`pinned-bar-${sessionId}`}
      pins={view.pins}
      nameOf={pinnerName}
      onShow={(pin) => {
        const loaded = messages.find((m) => m.idClient === pin.idClient || (pin.idServer && m.idServer === pin.idServer));
        if (loaded) setShowRequest({ idClient: loaded.idClient, seq: ++seq.current });
        else setStatus(t('messageActions.pins.notLoaded'));
      }}
      onUnpin={(pin) => run(() => view.unpin(pin.message ?? ({ idClient: pin.idClient, idServer: pin.idServer, sessionId } as ChatMessage)), t('messageActions.unpinned'))}
    />
  );

  const conversationMenu =
    extras && canClearHistory(sessionId) ? (
      <>
        <IconButton
          size="small"
          aria-label={t('messageActions.conversationActions', { name })}
          aria-haspopup="menu"
          data-testid="conversation-actions"
          onClick={(event) => setHeaderMenu(event.currentTarget)}
          sx={{ ml: 'auto' }}
        >
          <MoreVertIcon fontSize="small" />
        </IconButton>
        <Menu anchorEl={headerMenu} open={headerMenu !== null} onClose={() => setHeaderMenu(null)}>
          <MenuItem
            data-testid="conversation-clear"
            sx={{ color: 'error.main' }}
            onClick={() => {
              setHeaderMenu(null);
              setClearing(true);
            }}
          >
            {t('messageActions.clear')}
          </MenuItem>
        </Menu>
      </>
    ) : null;

  const feedback = (
    <>
      {error && (
        <Alert severity="error" role="alert" onClose={() => setError(undefined)} sx={{ mx: 1.5, mt: 1 }} data-testid="message-action-error">
          {error}
        </Alert>
      )}
      {/* Always present, so screen readers hear each change (copied, pinned, …). */}
      <Box role="status" aria-live="polite" sx={{ px: 2, minHeight: status ? undefined : 0 }}>
        {status && (
          <Typography variant="caption" color="success.main" data-testid="message-action-status">
            {status}
          </Typography>
        )}
      </Box>
    </>
  );

  const dialogs = (
    <>
      <ConfirmDialog
        open={deleting !== undefined}
        id="delete-message"
        title={t('messageActions.deleteTitle')}
        text={t('messageActions.deleteText')}
        quote={deleting ? messageSnippet(deleting, t) : undefined}
        confirmLabel={t('messageActions.deleteConfirm')}
        cancelLabel={t('messageActions.cancel')}
        onCancel={() => setDeleting(undefined)}
        onConfirm={() => {
          const message = deleting;
          setDeleting(undefined);
          if (message)
            run(async () => {
              const result = await controller.deleteForMe(message);
              if (!result.ok) throw result.error;
            }, t('messageActions.deleted'));
        }}
      />
      <ConfirmDialog
        open={clearing}
        id="clear-history"
        title={t('messageActions.clearTitle', { name })}
        text={t('messageActions.clearText')}
        confirmLabel={t('messageActions.clearConfirm')}
        cancelLabel={t('messageActions.cancel')}
        onCancel={() => setClearing(false)}
        onConfirm={() => {
          setClearing(false);
          run(async () => {
            const result = await controller.clearHistory(sessionId);
            if (!result.ok) throw result.error;
          }, t('messageActions.cleared'));
        }}
      />
      {extras && <ThreadDialog message={threadOf} extras={extras} now={now} nameOf={(account) => (account === sessionOwner(session) ? name : account)} onClose={() => setThreadOf(undefined)} />}
    </>
  );

  return {
    menuFor,
    belowFor,
    isPinned: view?.isPinned,
    pinnedLabel: t('messageActions.pins.mark'),
    showRequest,
    pinnedBar,
    conversationMenu,
    feedback,
    dialogs,
  };
}

/** The customer of a p2p conversation (named by the conversation's name); none for a team. */
function sessionOwner(session: ChatSession | undefined): string | undefined {
  return session && session.scene !== 'team' ? session.peerAccount : undefined;
}
