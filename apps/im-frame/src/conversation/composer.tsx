// The message composer: Enter sends, Shift+Enter adds a new line, blank text is refused. Files go
// by the attach button or by pasting them into the text (issue 13).
import { useEffect, useId, useRef, useState, type ClipboardEvent, type FormEvent, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { MAX_TEXT_LENGTH } from '@merchant/im-core/validation';
import { EmojiPicker } from './emoji-picker';
import { QuickReplyControl, opensQuickReplies } from '../support-desk/quick-reply-picker';
import { useQuickReplies } from '../support-desk/desk-context';

export type ComposerRefusal = 'empty' | 'tooLong';

export interface ComposerProps {
  disabled?: boolean;
  /** Returns null when the text was accepted (the field is cleared), else why it was refused. */
  onSend(text: string): ComposerRefusal | null;
  /** Files chosen with the attach button or pasted; without it there is no attach button. */
  onFiles?(files: File[]): void;
  /** Reply mode: the message the next send answers, shown in a quote bar above the text. */
  replyingTo?: ReplyingTo;
  /** Leaves reply mode (the bar's Cancel, or Escape). */
  onCancelReply?(): void;
  /** The conversation's draft (issue 32 §9): the text it opens with, also when it arrives a moment later. */
  initialText?: string;
  /** Each change of the text (the draft is kept from it; cleared after a send). */
  onTextChange?(text: string): void;
}

/** What the quote bar says about the replied message. */
export interface ReplyingTo {
  /** The replied message's idClient: a new one moves the focus to the text again. */
  id: string;
  name: string;
  snippet: string;
}

export function Composer({ disabled = false, onSend, onFiles, replyingTo, onCancelReply, initialText = '', onTextChange }: ComposerProps) {
  const { t } = useTranslation();
  const hintId = useId();
  const replyId = useId();
  const [text, setTextState] = useState(initialText);
  const setText = (next: string): void => {
    setTextState(next);
    onTextChange?.(next);
  };
  // Drafts are read once at start: one that arrives after the composer showed fills a still empty field.
  useEffect(() => {
    if (initialText) setTextState((current) => current || initialText);
  }, [initialText]);
  const [refusal, setRefusal] = useState<ComposerRefusal | null>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  // Support desk (issue 32): the store's quick replies, when the frame has them.
  const quickReplies = useQuickReplies();
  const [quickRepliesOpen, setQuickRepliesOpen] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);

  // Choosing "Reply" puts the caret in the text, ready to answer.
  const replyingId = replyingTo?.id;
  useEffect(() => {
    if (replyingId) inputRef.current?.focus();
  }, [replyingId]);

  const cancelReply = (): void => {
    onCancelReply?.();
    inputRef.current?.focus();
  };

  /** A pasted screenshot or copied file is sent as a file; pasted text stays text. */
  const handlePaste = (event: ClipboardEvent<HTMLDivElement>): void => {
    const files = Array.from(event.clipboardData?.files ?? []);
    if (!onFiles || disabled || files.length === 0) return;
    event.preventDefault();
    onFiles(files);
  };

  /** Puts the emoji (or a quick reply) where the caret is (or at the end) and returns the focus to the text. */
  const insertEmoji = (emoji: string): void => {
    const input = inputRef.current;
    const start = input?.selectionStart ?? text.length;
    const end = input?.selectionEnd ?? text.length;
    setText(text.slice(0, start) + emoji + text.slice(end));
    if (refusal) setRefusal(null);
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  const submit = (): void => {
    if (disabled) return;
    const refused = text.trim() === '' ? 'empty' : onSend(text);
    setRefusal(refused);
    if (!refused) setText('');
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.key === 'Escape' && replyingTo && !event.nativeEvent.isComposing) {
      event.preventDefault();
      cancelReply();
      return;
    }
    if (quickReplies && !disabled && !event.nativeEvent.isComposing && opensQuickReplies(event, text)) {
      event.preventDefault();
      setQuickRepliesOpen(true);
      return;
    }
    // While an IME is composing, Enter confirms the candidate rather than sending.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  const handleSubmit = (event: FormEvent): void => {
    event.preventDefault();
    submit();
  };

  return (
    <Box component="form" ref={formRef} onSubmit={handleSubmit} sx={{ p: 1.5 }}>
      {replyingTo && (
        <Box
          data-testid="reply-bar"
          onKeyDown={(event: KeyboardEvent<HTMLDivElement>) => {
            if (event.key !== 'Escape') return;
            event.preventDefault();
            cancelReply();
          }}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, pl: 1.25, pr: 0.5, py: 0.25, borderLeft: '3px solid', borderColor: 'primary.main', bgcolor: 'action.hover', borderRadius: 1 }}
        >
          <Typography id={replyId} variant="body2" color="text.secondary" noWrap data-testid="reply-bar-text" sx={{ flex: 1, minWidth: 0 }}>
            {t('reply.replyingTo', { name: replyingTo.name, snippet: replyingTo.snippet })}
          </Typography>
          <Button size="small" onClick={cancelReply} aria-label={t('reply.cancelLabel')} data-testid="reply-cancel" sx={{ flexShrink: 0 }}>
            {t('reply.cancel')}
          </Button>
        </Box>
      )}
      {/* Wraps when narrow (a 390 px phone): the tools stay on their own line and the text box keeps at least 200 px. */}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
        <Box sx={{ mt: 1, display: 'flex' }}>
          <EmojiPicker onPick={insertEmoji} disabled={disabled} />
          <QuickReplyControl open={quickRepliesOpen} onOpenChange={setQuickRepliesOpen} onInsert={insertEmoji} anchorRef={formRef} disabled={disabled} />
          {onFiles && (
            <>
              <Tooltip title={t('composer.attach')}>
                <span>
                  <IconButton aria-label={t('composer.attach')} onClick={() => fileInputRef.current?.click()} disabled={disabled} data-testid="attach-file">
                    <AttachFileOutlined />
                  </IconButton>
                </span>
              </Tooltip>
              <input
                ref={fileInputRef}
                type="file"
                multiple
                hidden
                data-testid="attach-input"
                onChange={(event) => {
                  const files = Array.from(event.target.files ?? []);
                  // Cleared so choosing the same file again fires a change.
                  event.target.value = '';
                  if (files.length > 0) onFiles(files);
                }}
              />
            </>
          )}
        </Box>
        <TextField
          inputRef={inputRef}
          label={t('composer.label')}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (refusal) setRefusal(null);
          }}
          onKeyDown={handleKeyDown}
          onPaste={handlePaste}
          disabled={disabled}
          multiline
          minRows={2}
          maxRows={6}
          fullWidth
          sx={{ flex: '1 1 200px', minWidth: 0 }}
          error={refusal !== null}
          helperText={refusal ? t(`composer.${refusal}`, { max: MAX_TEXT_LENGTH }) : t('composer.hint')}
          slotProps={{
            htmlInput: { 'data-testid': 'message-input', 'aria-describedby': replyingTo ? `${replyId} ${hintId}` : hintId },
            formHelperText: { id: hintId, role: refusal ? 'alert' : undefined },
          }}
        />
        <Button type="submit" variant="contained" disabled={disabled} data-testid="message-send" sx={{ mt: 1 }}>
          {t('composer.send')}
        </Button>
      </Box>
    </Box>
  );
}
