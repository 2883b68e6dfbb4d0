// A resource form in a dialog (issue 25): the same definition as a form page, opened from a list's action
// (`ctx.openDialog((close) => <ResourceFormDialog … onClose={close} />)`) or from any screen. Cancel,
// Escape and the backdrop close it, asking first when it has changes; leaving the screen asks too. A save
// shows 'modified successfully' (console-spec §8 dialogs) and closes it.
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { Breakpoint } from '@mui/material/styles';
import { ResourceFormFields } from './ResourceFormFields';
import type { ResourceActionContext, ResourceFormDefinition } from './types';
import { useResourceForm } from './useResourceForm';

type Values = Record<string, unknown>;

export interface ResourceFormDialogProps<V extends Values> {
  definition: ResourceFormDefinition<V>;
  /** i18n key of the title (the dialog is named by it). */
  titleKey: string;
  /** i18n key of the submit button; 'Save' unless given. */
  submitKey?: string;
  context: ResourceActionContext;
  onClose(): void;
  /** The values to start from; the definition's defaults unless given. */
  initial?: V;
  /** Edits this record with the definition's `update`. */
  id?: string;
  maxWidth?: Breakpoint;
  /** i18n key of a sentence under the title that says what the form does (the dialog is described by it). */
  hintKey?: string;
  /** The submit cannot be taken back (a rejection): the button is drawn in the error colour. */
  destructive?: boolean;
  /** What the form acts on (the review being answered…), shown between the hint and the fields. */
  subject?: ReactNode;
}

export function ResourceFormDialog<V extends Values>({ definition, titleKey, submitKey = 'resourceKit.submit', context, onClose, initial, id, maxWidth = 'sm', hintKey, destructive, subject }: ResourceFormDialogProps<V>) {
  const { t } = useTranslation();
  const titleId = useId();
  const hintId = useId();
  const engine = useResourceForm(definition, {
    initial: initial ?? definition.defaults,
    id,
    context,
    successKey: 'resourceKit.modified',
    onSaved: (answer, checked) => {
      onClose();
      definition.afterSave?.(answer, context, checked);
    },
  });
  const requestClose = () => engine.requestClose(onClose);

  return (
    <>
      <Dialog open onClose={requestClose} aria-labelledby={titleId} aria-describedby={hintKey ? hintId : undefined} fullWidth maxWidth={maxWidth}>
        <DialogTitle id={titleId}>{t(titleKey)}</DialogTitle>
        <form noValidate onSubmit={engine.submit}>
          <DialogContent>
            {hintKey && (
              <DialogContentText id={hintId} sx={{ mb: 1 }}>
                {t(hintKey)}
              </DialogContentText>
            )}
            {subject}
            <ResourceFormFields engine={engine} fields={definition.fields} editing={Boolean(id)} />
          </DialogContent>
          <DialogActions>
            <Button type="button" onClick={requestClose}>
              {t('resourceKit.cancel')}
            </Button>
            <Button type="submit" variant="contained" color={destructive ? 'error' : 'primary'} loading={engine.submitting} disabled={engine.submitting} data-testid="resource-form-submit">
              {t(submitKey)}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      {engine.question}
    </>
  );
}
