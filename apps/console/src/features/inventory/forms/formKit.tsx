// What the inventory forms share: validation by a contract's biz schema (errors in the merchant's
// language, validationText), and the unsaved-changes question for forms in a dialog — closing the
// dialog and leaving the screen both ask while the form has changes.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { toNestErrors } from '@hookform/resolvers';
import type { z } from 'zod';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { ConfirmDialog } from '@merchant/ui-kit';
import { useUnsavedChangesGuard } from '../../../resource-kit';
import { validationText } from './validationText';

/**
 * A react-hook-form resolver that checks the biz the form will send with the contract's schema, so the
 * form refuses exactly what store-server would. `mapPath` moves an issue back to the input it came from
 * when the biz leaves some form rows out (an uncounted count line). Valid forms resolve to the parsed biz.
 */
export function contractResolver<V extends FieldValues>(
  schema: z.ZodType,
  toBiz: (values: V) => unknown,
  mapPath: (path: PropertyKey[]) => PropertyKey[] = (path) => path,
): Resolver<V> {
  return async (values, _context, options) => {
    const result = schema.safeParse(toBiz(values));
    if (result.success) return { values: result.data as V, errors: {} };
    const flat: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const name = mapPath(issue.path).map(String).join('.');
      flat[name] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: toNestErrors(flat as FieldErrors, options) };
  };
}

/** The text of a field's error, translated. */
export function useErrorText() {
  const { t } = useTranslation();
  return (error: { message?: string } | undefined) => (error?.message ? validationText(t, error.message) : undefined);
}

/** An array field's own error (refinements on the whole list): react-hook-form keeps it under `root` for field arrays. */
export function listError(error: unknown): { message?: string } | undefined {
  const value = error as { message?: string; root?: { message?: string } } | undefined;
  return value?.root ?? (value?.message ? value : undefined);
}

/**
 * A form in a dialog: `requestClose` closes at once when nothing changed, otherwise asks; leaving the
 * screen asks too (useUnsavedChangesGuard). Call `saved()` before closing after a successful save.
 */
export function useDialogGuard(dirty: boolean, onClose: () => void) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [done, setDone] = useState(false);
  const guard = useUnsavedChangesGuard(dirty && !done);
  const question: ReactNode = (
    <ConfirmDialog
      open={asking || guard.asking}
      title={t('resourceKit.unsavedTitle')}
      content={t('resourceKit.unsavedContent')}
      confirmText={t('resourceKit.leave')}
      cancelText={t('resourceKit.stay')}
      onConfirm={() => {
        if (guard.asking) guard.leave();
        else onClose();
      }}
      onClose={() => {
        if (guard.asking) guard.stay();
        setAsking(false);
      }}
    />
  );
  return {
    requestClose: () => (dirty && !done ? setAsking(true) : onClose()),
    saved: () => {
      setDone(true);
      guard.allowLeave();
    },
    question,
  };
}

/** The frame of an inventory form dialog: title, the form, and the unsaved-changes question. */
export function FormDialog({ titleId, title, onClose, children, question, maxWidth = 'sm' }: { titleId: string; title: string; onClose(): void; children: ReactNode; question: ReactNode; maxWidth?: 'sm' | 'md' }) {
  return (
    <>
      <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth={maxWidth}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        {children}
      </Dialog>
      {question}
    </>
  );
}
