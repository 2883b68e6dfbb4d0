// The message composer: Enter sends, Shift+Enter adds a new line, blank text is refused.
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { MAX_TEXT_LENGTH } from '@merchant/im-core';
import { EmojiPicker } from './emoji-picker';

export type ComposerRefusal = 'empty' | 'tooLong';

export interface ComposerProps {
  disabled?: boolean;
  /** Returns null when the text was accepted (the field is cleared), else why it was refused. */
  onSend(text: string): ComposerRefusal | null;
}

export function Composer({ disabled = false, onSend }: ComposerProps) {
  const { t } = useTranslation();
  const hintId = useId();
  const [text, setText] = useState('');
  const [refusal, setRefusal] = useState<ComposerRefusal | null>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);

  /** Puts the emoji where the caret is (or at the end) and returns the focus to the text. */
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
    <Box component="form" onSubmit={handleSubmit} sx={{ display: 'flex', gap: 1, p: 1.5, alignItems: 'flex-start' }}>
      <Box sx={{ mt: 1 }}>
        <EmojiPicker onPick={insertEmoji} disabled={disabled} />
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
        disabled={disabled}
        multiline
        minRows={2}
        maxRows={6}
        fullWidth
        error={refusal !== null}
        helperText={refusal ? t(`composer.${refusal}`, { max: MAX_TEXT_LENGTH }) : t('composer.hint')}
        slotProps={{
          htmlInput: { 'data-testid': 'message-input', 'aria-describedby': hintId },
          formHelperText: { id: hintId, role: refusal ? 'alert' : undefined },
        }}
      />
      <Button type="submit" variant="contained" disabled={disabled} data-testid="message-send" sx={{ mt: 1 }}>
        {t('composer.send')}
      </Button>
    </Box>
  );
}
