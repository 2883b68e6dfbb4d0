// A form as a whole screen (change the password, check the pay password, edit the settlement account, a
// resource's create/edit page): a heading that names the form, an optional sentence and notices above it,
// the definition's fields, submit and a way back. On the form engine (useResourceForm), so the rules,
// errors, required marks, idempotency and the unsaved-changes question are the kit's.
import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { ResourceFormFields } from './ResourceFormFields';
import { ScreenSection } from './ScreenSection';
import type { ResourceFormDefinition } from './types';
import { useResourceActions } from './useResourceActions';
import { useResourceForm, type ResourceFormEngine } from './useResourceForm';

type Values = Record<string, unknown>;

export interface ResourceFormScreenProps<V extends Values> {
  definition: ResourceFormDefinition<V>;
  /** The heading (already in the merchant's language); the form is named by it. */
  title: string;
  /** What the form does, under the heading. */
  intro?: ReactNode;
  /** Notices between the heading and the form (a warning of what the change causes). */
  notices?: ReactNode;
  /** Drawn instead of the form when it cannot be used yet (no pay password set: where to set one). */
  blocked?: ReactNode;
  /** Under the fields, above the buttons (what an empty box keeps); a function gets the form engine (a button that reads the typed values). */
  afterFields?: ReactNode | ((engine: ResourceFormEngine) => ReactNode);
  /** The submit cannot be used now (a change of this kind is already under review). */
  submitDisabled?: boolean;
  /** The values to start from; the definition's defaults unless given. */
  initial?: V;
  /** Edit mode: the record's id (the definition's `update` saves it). */
  id?: string | null;
  /** Where 'back' goes, and where a save goes unless `onSaved` says otherwise. */
  backTo: string;
  /** i18n keys of the buttons; 'Save' and 'Cancel' unless given. */
  submitKey?: string;
  backKey?: string;
  /** i18n key of the notice after a save (the definition's `successKey` wins); 'saved successfully' unless given. */
  successKey?: string;
  /** After a save (notice shown, leaving allowed); default: go to `backTo`. */
  onSaved?: (answer: unknown, checked: V) => void;
  submitTestId?: string;
  testId?: string;
  maxWidth?: number;
  /** A resource page's outlined frame and smaller heading. */
  variant?: 'screen' | 'resource';
}

export function ResourceFormScreen<V extends Values>(props: ResourceFormScreenProps<V>) {
  const { definition, title, intro, notices, blocked, afterFields, submitDisabled = false, initial, id = null, backTo, submitKey = 'resourceKit.submit', backKey = 'resourceKit.cancel', successKey = 'resourceKit.saved', onSaved, submitTestId = 'resource-form-submit', testId, maxWidth = 640, variant = 'screen' } = props;
  const { t } = useTranslation();
  const headingId = useId();
  const { context } = useResourceActions();
  const engine = useResourceForm(definition, {
    initial: initial ?? definition.defaults,
    id,
    context,
    successKey,
    onSaved: (answer, checked) => (onSaved ? onSaved(answer, checked) : context.navigate(backTo)),
  });

  return (
    <ScreenSection title={title} intro={intro} testId={testId} maxWidth={maxWidth} variant={variant} headingId={headingId}>
      {notices}
      {blocked ?? (
        <Stack component="form" noValidate spacing={2} onSubmit={engine.submit} aria-labelledby={headingId}>
          <ResourceFormFields engine={engine} fields={definition.fields} editing={Boolean(id)} />
          {typeof afterFields === 'function' ? afterFields(engine) : afterFields}
          <Stack direction="row" spacing={2}>
            <Button type="submit" variant="contained" loading={engine.submitting} disabled={engine.submitting || submitDisabled} data-testid={submitTestId}>
              {t(submitKey)}
            </Button>
            <Button component={RouterLink} to={backTo} variant={variant === 'resource' ? 'outlined' : 'text'}>
              {t(backKey)}
            </Button>
          </Stack>
        </Stack>
      )}
      {engine.question}
    </ScreenSection>
  );
}
