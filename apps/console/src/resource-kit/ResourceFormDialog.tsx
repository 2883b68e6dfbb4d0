// A resource form in a dialog (issue 25): the same definition as a form page, opened from a list's action
// (`ctx.openDialog((close) => <ResourceFormDialog … onClose={close} />)`) or from any screen. Cancel,
// Escape and the backdrop close it, asking first when it has changes; leaving the screen asks too. A save
// shows 'modified successfully' (console-spec §8 dialogs) and closes it.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
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
}

export function ResourceFormDialog<V extends Values>({ definition, titleKey, submitKey = 'resourceKit.submit', context, onClose, initial, id, maxWidth = 'sm' }: ResourceFormDialogProps<V>) {
  const { t } = useTranslation();
  const titleId = useId();
  const engine = useResourceForm(definition, {
    initial: initial ?? definition.defaults,
    id,
    context,
    successKey: 'resourceKit.modified',
    onSaved: (answer) => {
      onClose();
      definition.afterSave?.(answer, context);
    },
  });
  const requestClose = () => engine.requestClose(onClose);

  return (
    <>
      <Dialog open onClose={requestClose} aria-labelledby={titleId} fullWidth maxWidth={maxWidth}>
        <DialogTitle id={titleId}>{t(titleKey)}</DialogTitle>
        <form noValidate onSubmit={engine.submit}>
          <DialogContent>
            <ResourceFormFields engine={engine} fields={definition.fields} editing={Boolean(id)} />
          </DialogContent>
          <DialogActions>
            <Button type="button" onClick={requestClose}>
              {t('resourceKit.cancel')}
            </Button>
            <Button type="submit" variant="contained" loading={engine.submitting} disabled={engine.submitting} data-testid="resource-form-submit">
              {t(submitKey)}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      {engine.question}
    </>
  );
}
