// What the inventory forms share: validation by a contract's biz schema (errors in the merchant's
// language, from the rule and the field's label), and the unsaved-changes question for forms in a dialog — closing the
// dialog and leaving the screen both ask while the form has changes.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { i18n as I18n, TFunction } from 'i18next';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { decodeProblem, problemText, useLeaveQuestion } from '../../../resource-kit';

export { contractResolver } from '../../../resource-kit';

/** Wire field → the label key the inventory forms show it under (a problem is said with the field's label). */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  skuId: 'inventory.field.goodsSku',
  warehouseName: 'inventory.field.warehouse',
  itemId: 'inventory.field.item',
  itemIds: 'inventory.field.item',
  quantity: 'inventory.field.quantity',
  countedQuantity: 'inventory.field.countedQuantity',
  contactName: 'inventory.field.contact',
  contactMobile: 'inventory.field.mobile',
  address: 'inventory.field.address',
  remark: 'inventory.field.remark',
  lines: 'inventory.field.lines',
};

/** Fields picked from a list: a missing one reads "choose …" rather than "fill in …". */
const PICKED = new Set(['skuId', 'itemId', 'itemIds']);

/** The text of a form error in the merchant's language, with the label of the field it was found on. */
export function inventoryErrorText(t: TFunction, i18n: Pick<I18n, 'language'>, error: { message?: string } | undefined): string | undefined {
  const field = decodeProblem(error?.message)?.field ?? '';
  const labelKey = FIELD_LABELS[field];
  return problemText(i18n, error?.message, labelKey ? t(labelKey) : '', PICKED.has(field));
}

/** inventoryErrorText in the console's language. */
export function useErrorText() {
  const { t, i18n } = useTranslation();
  return (error: { message?: string } | undefined) => inventoryErrorText(t, i18n, error);
}

/** An array field's own error (refinements on the whole list): react-hook-form keeps it under `root` for field arrays. */
export function listError(error: unknown): { message?: string } | undefined {
  const value = error as { message?: string; root?: { message?: string } } | undefined;
  return value?.root ?? (value?.message ? value : undefined);
}

/**
 * A form in a dialog: `requestClose` closes at once when nothing changed, otherwise asks; leaving the
 * screen asks too (the resource kit's useLeaveQuestion). Call `saved()` before closing after a successful save.
 */
export function useDialogGuard(dirty: boolean, onClose: () => void) {
  const [done, setDone] = useState(false);
  const leave = useLeaveQuestion(dirty && !done);
  return {
    requestClose: () => leave.requestClose(onClose),
    saved: () => {
      setDone(true);
      leave.allowLeave();
    },
    question: leave.question,
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
