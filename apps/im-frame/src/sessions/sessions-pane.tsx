// The conversation list with its actions (issue 32 §9): stick-top and its note, mute, delete (with a
// confirmation), each conversation's draft, and the customers' online status (§7).
import { useState, useSyncExternalStore } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { ChatSession } from '../chat/chat-client';
import { useChatController, useChatState } from '../chat/chat-context';
import { usePresence } from '../presence/use-presence';
import { SessionList, sessionDisplayName } from './session-list';
import { TopNoteDialog } from './top-note-dialog';
import { DeleteSessionDialog } from './delete-session-dialog';

/** Read by screen readers, not shown. */
const VISUALLY_HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

export interface SessionsPaneProps {
  onOpen(sessionId: string): void;
  now?: number;
}

export function SessionsPane({ onOpen, now }: SessionsPaneProps) {
  const { t } = useTranslation();
  const controller = useChatController();
  const state = useChatState();
  const drafts = useSyncExternalStore(controller.drafts.subscribe, controller.drafts.getAll);
  const presenceOf = usePresence(controller.presence, state.sessions, state.connection.phase === 'connected');
  const [editingNote, setEditingNote] = useState<ChatSession | undefined>();
  const [deleting, setDeleting] = useState<ChatSession | undefined>();
  const [announcement, setAnnouncement] = useState('');
  const [failure, setFailure] = useState<string | undefined>();

  const toggleMute = async (session: ChatSession) => {
    const mute = !controller.isMuted(session.id);
    const refused = await controller.setSessionMuted(session.id, mute);
    setFailure(refused && t('conversations.muteFailed', { reason: refused }));
    if (!refused) setAnnouncement(t(mute ? 'conversations.mutedDone' : 'conversations.unmutedDone', { name: sessionDisplayName(session) }));
  };

  const confirmDelete = async () => {
    const session = deleting;
    setDeleting(undefined);
    if (!session) return;
    const refused = await controller.deleteSession(session.id);
    setFailure(refused && t('conversations.deleteFailed', { reason: refused }));
    if (!refused) setAnnouncement(t('conversations.deleted', { name: sessionDisplayName(session) }));
  };

  return (
    <>
      {failure && (
        <Alert severity="error" role="alert" onClose={() => setFailure(undefined)} sx={{ mx: 1, my: 0.5 }} data-testid="session-action-error">
          {failure}
        </Alert>
      )}
      <Box role="status" sx={VISUALLY_HIDDEN} data-testid="session-action-announcement">
        {announcement}
      </Box>
      <SessionList
        sessions={state.sessions}
        activeSessionId={state.activeSessionId}
        onOpen={onOpen}
        onSetTop={(sessionId, top) => controller.setSessionTop(sessionId, top)}
        topError={state.topError}
        now={now}
        presenceOf={presenceOf}
        draftOf={(sessionId) => drafts[sessionId] ?? ''}
        isMuted={(session) => controller.isMuted(session.id)}
        actions={{
          canEditNote: () => true,
          onEditNote: setEditingNote,
          canMute: (session) => controller.canMute(session.id),
          onToggleMute: (session) => void toggleMute(session),
          canDelete: () => controller.canDeleteSession,
          onDelete: setDeleting,
        }}
      />
      <TopNoteDialog
        name={editingNote && sessionDisplayName(editingNote)}
        note={editingNote?.topCustom ?? ''}
        onClose={() => setEditingNote(undefined)}
        onSave={async (note) => {
          const session = editingNote;
          if (!session) return undefined;
          const refused = await controller.setSessionTopNote(session.id, note);
          if (!refused) setAnnouncement(t('conversations.topNoteSaved', { name: sessionDisplayName(session) }));
          return refused;
        }}
      />
      <DeleteSessionDialog name={deleting && sessionDisplayName(deleting)} onCancel={() => setDeleting(undefined)} onConfirm={() => void confirmDelete()} />
    </>
  );
}
