// The message composer: Enter sends, Shift+Enter adds a new line, blank text is refused.
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { MAX_TEXT_LENGTH } from '@merchant/im-core';

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
      <TextField
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
