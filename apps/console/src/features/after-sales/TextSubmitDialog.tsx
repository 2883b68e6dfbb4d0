// One text the merchant sends and cannot take back: the reason for rejecting a refund, the response to a
// complaint, the reply to a review. The field is checked by the call's contract schema (what store-server
// refuses, the form refuses, in the merchant's language); a refusal from the server shows in place and
// the dialog stays open with the text.
import { useId, useState } from 'react';
import { useForm, type Resolver, type ResolverResult } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { afterSalesErrorText, type AfterSalesCall } from './errorText';

interface TextValues {
  text: string;
}

/** A contract issue on the text field in the merchant's words: empty, or longer than the contract allows. */
export function textIssueText(t: TFunction, issue: z.core.$ZodIssue, labelKey: string, max: number): string {
  const field = t(labelKey);
  if (issue.code === 'too_big') return t('afterSales.validation.maxLength', { field, limit: max });
  return t('afterSales.validation.required', { field });
}

/** Validates `{ ...toBiz(text) }` with the contract's schema; issues on `field` become the text field's error. */
function textResolver(t: TFunction, schema: z.ZodType, toBiz: (text: string) => unknown, field: string, labelKey: string, max: number): Resolver<TextValues> {
  return async (values) => {
    const result = schema.safeParse(toBiz(values.text));
    if (result.success) return { values, errors: {} } as ResolverResult<TextValues>;
    const issue = result.error.issues.find((candidate) => candidate.path[0] === field) ?? result.error.issues[0]!;
    return { values: {}, errors: { text: { type: issue.code, message: textIssueText(t, issue, labelKey, max) } } } as ResolverResult<TextValues>;
  };
}

export interface TextSubmitDialogProps {
  titleKey: string;
  hintKey: string;
  labelKey: string;
  submitKey: string;
  /** The contract's biz schema and the biz field that holds the text. */
  schema: z.ZodType;
  field: string;
  max: number;
  toBiz: (text: string) => unknown;
  /** Sends the biz; rejects with the server's error. */
  send: (biz: never) => Promise<unknown>;
  call: AfterSalesCall;
  onDone: () => void;
  onClose: () => void;
  destructive?: boolean;
}

export function TextSubmitDialog({ titleKey, hintKey, labelKey, submitKey, schema, field, max, toBiz, send, call, onDone, onClose, destructive }: TextSubmitDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const hintId = useId();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<TextValues>({ defaultValues: { text: '' }, resolver: textResolver(t, schema, toBiz, field, labelKey, max) });
  const length = [...form.watch('text')].length;
  const error = form.formState.errors.text?.message;
  const busy = form.formState.isSubmitting;

  const submit = form.handleSubmit(async ({ text }) => {
    setRefusal(null);
    try {
      await send(schema.parse(toBiz(text)) as never);
      onDone();
    } catch (failure) {
      setRefusal(afterSalesErrorText(t, call, failure));
    }
  });

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} aria-describedby={hintId} fullWidth maxWidth="sm">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={titleId}>{t(titleKey)}</DialogTitle>
        <DialogContent>
          <DialogContentText id={hintId} sx={{ mb: 2 }}>
            {t(hintKey)}
          </DialogContentText>
          {refusal && (
            <Alert severity="error" sx={{ mb: 2 }} role="alert">
              {refusal}
            </Alert>
          )}
          <TextField
            {...form.register('text')}
            label={t(labelKey)}
            required
            multiline
            minRows={3}
            fullWidth
            autoFocus
            error={Boolean(error)}
            helperText={error ?? t('afterSales.reply.count', { count: length, max })}
            slotProps={{ htmlInput: { 'aria-invalid': Boolean(error) } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('resourceKit.cancel')}
          </Button>
          <Button type="submit" variant="contained" color={destructive ? 'error' : 'primary'} loading={busy}>
            {t(submitKey)}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
